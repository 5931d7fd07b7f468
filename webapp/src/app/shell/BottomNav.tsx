import type { ComponentType, SVGProps } from "react";
import { Link, useLocation } from "wouter";
import { BagIcon, HeartIcon, UserIcon } from "../../components/icons";
import { paths } from "../../lib/paths";
import { selectCabinetCount, useActiveOrderStore } from "../../features/cabinet/stores/activeOrderStore";
import { selectCartCount, useCartStore } from "../../features/cart/stores/cartStore";
import { selectWishlistCount, useWishlistStore } from "../../features/wishlist/stores/wishlistStore";

interface NavEntry {
  name: "wishlist" | "cabinet" | "cart";
  label: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  count: number;
}

export function BottomNav() {
  const [pathname] = useLocation();
  const entries: NavEntry[] = [
    { name: "wishlist", label: "Wishlist", to: paths.wishlist, Icon: HeartIcon, count: useWishlistStore(selectWishlistCount) },
    { name: "cabinet", label: "Cabinet", to: paths.cabinet, Icon: UserIcon, count: useActiveOrderStore(selectCabinetCount) },
    { name: "cart", label: "Cart", to: paths.cart, Icon: BagIcon, count: useCartStore(selectCartCount) },
  ];

  return (
    <nav className="bottom-nav" data-testid="bottom-nav" aria-label="Main">
      {entries.map(({ name, label, to, Icon, count }) => (
        <Link
          key={name}
          href={to}
          className="bottom-nav__item"
          aria-current={pathname === to ? "page" : undefined}
          data-testid={`nav-${name}`}
        >
          <span className="bottom-nav__icon">
            <Icon />
            {count > 0 && (
              <span className="count-badge" data-testid={`${name}-count`} aria-label={`${count} in ${label.toLowerCase()}`}>
                {count > 99 ? "99+" : count}
              </span>
            )}
          </span>
          <span className="bottom-nav__label">{label}</span>
        </Link>
      ))}
    </nav>
  );
}
