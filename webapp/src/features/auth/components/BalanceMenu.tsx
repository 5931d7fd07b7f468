import { useEffect, type ComponentType, type ReactNode, type RefObject, type SVGProps } from "react";
import { useLocation } from "wouter";
import type { SessionUser } from "@domain/contracts/auth";
import { BagIcon, HeartIcon, UserIcon } from "../../../components/icons";
import { ChatIcon, LogOutIcon } from "../../../components/moreIcons";
import { SUPPORT_URL } from "../../../lib/brand";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { openLink } from "../../../lib/telegramActions";
import { displayName } from "../hooks/useSession";
import { askToLogOut } from "../stores/logoutConfirmStore";
import "./auth.css";

interface MenuEntry {
  name: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  act: () => void;
}

interface BalanceMenuProps {
  id: string;
  user: SessionUser;
  canLogOut: boolean;
  /** Under the entries: the language picker, handed in by the shell. */
  extra?: ReactNode;
  /** An entry was chosen, before it acts: the chip closes the panel. */
  onChosen: () => void;
  /** The chip's box and button: a press outside the box or Escape closes the panel (Escape from inside refocuses the button). */
  root: RefObject<HTMLDivElement | null>;
  chip: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** The balance chip's open panel (BalanceChip.tsx): who is signed in, Cabinet, Cart, Wishlist, Support and Log out. */
export function BalanceMenu({ id, user, canLogOut, extra, onChosen, root, chip, onClose }: BalanceMenuProps) {
  const [, navigate] = useLocation();
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (root.current?.contains(document.activeElement)) chip.current?.focus();
      onClose();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [root, chip, onClose]);

  const entries: MenuEntry[] = [
    { name: "cabinet", label: t("menu.cabinet"), Icon: UserIcon, act: () => navigate(paths.cabinet) },
    { name: "cart", label: t("menu.cart"), Icon: BagIcon, act: () => navigate(paths.cart) },
    { name: "wishlist", label: t("menu.wishlist"), Icon: HeartIcon, act: () => navigate(paths.wishlist) },
    { name: "support", label: t("menu.support"), Icon: ChatIcon, act: () => openLink(SUPPORT_URL) },
  ];
  if (canLogOut) entries.push({ name: "logout", label: t("menu.logout"), Icon: LogOutIcon, act: askToLogOut });

  return (
    <div className="balance-menu" id={id} data-testid="balance-menu">
      <div className="balance-menu__who">
        <span className="balance-menu__name">{displayName(user)}</span>
        {user.email && user.email !== displayName(user) && <span className="balance-menu__email">{user.email}</span>}
      </div>
      <div className="balance-menu__items">
        {entries.map(({ name, label, Icon, act }) => (
          <button
            key={name}
            type="button"
            className={name === "logout" ? "balance-menu__item balance-menu__item--danger" : "balance-menu__item"}
            onClick={() => {
              onChosen();
              act();
            }}
            data-testid={`menu-${name}`}
          >
            <Icon />
            {label}
          </button>
        ))}
      </div>
      {extra}
    </div>
  );
}
