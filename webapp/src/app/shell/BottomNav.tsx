import type { ComponentType, MouseEvent, SVGProps } from "react";
import { Link, useLocation } from "wouter";
import { BagIcon, HeartIcon, UserIcon } from "../../components/icons";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { useSessionTokenStore } from "../../lib/session";
import { useRequireLogin } from "../../features/auth/hooks/useRequireLogin";
import { useSession } from "../../features/auth/hooks/useSession";
import { selectCartCount, useCartStore } from "../../features/cart/stores/cartStore";
import { useCustomerWishlist } from "../storefront/useCustomerWishlist";

interface NavEntry {
  name: "wishlist" | "cabinet" | "cart";
  label: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  count: number;
  /** Spec §6: a visitor tapping it is asked to log in instead. */
  needsSession: boolean;
}

export function BottomNav() {
  const [pathname] = useLocation();
  const signedOut = useSessionTokenStore((state) => state.token === null);
  const requireLogin = useRequireLogin();
  const wishlistCount = useCustomerWishlist().productIds.length;
  // Spec §4: the cabinet's badge says the customer has a new order waiting; the session (GET /api/me) says so.
  const hasActiveOrder = useSession().user?.isActiveOrder === true;
  const entries: NavEntry[] = [
    {
      name: "wishlist",
      label: t("menu.wishlist"),
      to: paths.wishlist,
      Icon: HeartIcon,
      count: wishlistCount,
      needsSession: true,
    },
    {
      name: "cabinet",
      label: t("menu.cabinet"),
      to: paths.cabinet,
      Icon: UserIcon,
      count: hasActiveOrder ? 1 : 0,
      needsSession: true,
    },
    { name: "cart", label: t("menu.cart"), to: paths.cart, Icon: BagIcon, count: useCartStore(selectCartCount), needsSession: false },
  ];

  const onEntryClick = (entry: NavEntry) => (event: MouseEvent) => {
    if (!entry.needsSession || !signedOut) return;
    event.preventDefault();
    requireLogin(entry.to);
  };

  return (
    <nav className="bottom-nav" data-testid="bottom-nav" aria-label={t("shell.mainNav")}>
      {entries.map((entry) => {
        const { name, label, to, Icon, count } = entry;
        return (
          <Link
            key={name}
            href={to}
            onClick={onEntryClick(entry)}
            className="bottom-nav__item"
            aria-current={pathname === to ? "page" : undefined}
            data-testid={`nav-${name}`}
          >
            <span className="bottom-nav__icon">
              <Icon />
              {count > 0 && (
                <span className="count-badge" data-testid={`${name}-count`} aria-label={t("shell.navCount", { count, place: label })}>
                  {count > 99 ? "99+" : count}
                </span>
              )}
            </span>
            <span className="bottom-nav__label">{label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
