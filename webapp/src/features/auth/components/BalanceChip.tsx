import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode, type SVGProps } from "react";
import { useLocation } from "wouter";
import type { SessionUser } from "@domain/contracts/auth";
import { formatBaht } from "@domain/format";
import { BagIcon, ChatIcon, HeartIcon, LogOutIcon, UserIcon, WalletIcon } from "../../../components/icons";
import { SUPPORT_URL } from "../../../lib/brand";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { openLink } from "../../../lib/telegram";
import { displayName } from "../hooks/useSession";
import { askToLogOut } from "../stores/logoutConfirmStore";
import "./auth.css";

interface MenuEntry {
  name: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  act: () => void;
}

/**
 * Spec §2: the balance chip of a signed-in user, opening Cabinet, Cart, Wishlist, Support and Log out, and under
 * them `extra` (the language picker, handed in by the shell: a feature does not import another).
 *
 * A disclosure, not an ARIA menu: it holds a language select beside its buttons, which a menu's arrow-key model
 * cannot reach. The chip says whether it is open; Tab goes on into its buttons and the select; Escape, a press
 * outside or focus leaving it closes it, and Escape from inside puts focus back on the chip.
 */
export function BalanceChip({ user, canLogOut, extra }: { user: SessionUser; canLogOut: boolean; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const chip = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (root.current?.contains(document.activeElement)) chip.current?.focus();
      setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const entries: MenuEntry[] = [
    { name: "cabinet", label: t("menu.cabinet"), Icon: UserIcon, act: () => navigate(paths.cabinet) },
    { name: "cart", label: t("menu.cart"), Icon: BagIcon, act: () => navigate(paths.cart) },
    { name: "wishlist", label: t("menu.wishlist"), Icon: HeartIcon, act: () => navigate(paths.wishlist) },
    { name: "support", label: t("menu.support"), Icon: ChatIcon, act: () => openLink(SUPPORT_URL) },
  ];
  if (canLogOut) entries.push({ name: "logout", label: t("menu.logout"), Icon: LogOutIcon, act: askToLogOut });

  return (
    <div
      className="balance-chip"
      ref={root}
      onBlur={(event) => {
        // Tabbed past its last control (or anywhere else): the open panel would sit over the page.
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={chip}
        type="button"
        className="balance-chip__button"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t("menu.chipLabel", { balance: formatBaht(user.balance) })}
        data-testid="balance-chip"
      >
        <WalletIcon />
        <span className="balance-chip__amount">{formatBaht(user.balance)}</span>
      </button>
      {open && (
        <div className="balance-menu" id={menuId} data-testid="balance-menu">
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
                  setOpen(false);
                  // The button goes with the panel: focus stays on the chip (the logout question gives it back there).
                  chip.current?.focus();
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
      )}
    </div>
  );
}
