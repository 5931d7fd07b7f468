import { Link } from "wouter";
import { formatBaht } from "@domain/format";
import { CabinetBoxIcon } from "../../components/CabinetBox";
import { BagIcon } from "../../components/icons";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { useCartView } from "../storefront/useCartView";
import "./pages.css";

/**
 * Spec §2 "Cabinet": the cart waiting to become an order, with its item count, total and a way to place it. In
 * the customer screens' lazy chunk, handed to the lazy cabinet by the router (CabinetParts in CabinetPage.tsx).
 */
export function CabinetPendingOrder() {
  const cart = useCartView();
  if (cart.lines.length === 0) return null;
  return (
    <div className="pending-order" data-testid="pending-order">
      <CabinetBoxIcon>
        <BagIcon />
      </CabinetBoxIcon>
      <span className="pending-order__text">
        <span className="pending-order__title">{t("cabinet.pendingOrder.title")}</span>
        <span className="pending-order__sub" data-testid="pending-order-summary">
          {t("cabinet.pendingOrder.items", { count: cart.itemCount })} · {formatBaht(cart.total)}
        </span>
      </span>
      <Link href={paths.cart} className="button">
        {t("cabinet.pendingOrder.place")}
      </Link>
    </div>
  );
}
