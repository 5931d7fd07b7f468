import { Link } from "wouter";
import type { AdminShop } from "@domain/contracts/adminShops";
import { MapPinIcon } from "../../../../components/icons";
import { ChevronRightIcon } from "../../../../components/moreIcons";
import { ShopLogo } from "../../../../components/ShopLogo";
import { t } from "../../../../lib/i18n";
import { paths } from "../../../../lib/paths";
import "./shops.css";

/**
 * A shop's id ('ID 3'), which the admin CLI (`npm run admin -- staff add --shop 3`) and the API ask for: on the
 * list's rows and on the shop's page.
 */
export function ShopIdMark({ id, testId }: { id: number; testId: string }) {
  return (
    <span className="shop-mark pill shop-mark--id" data-testid={testId}>
      {t("staff.shops.id", { id })}
    </span>
  );
}

/** The management list: logo, name, address, id, the warehouse and deleted shops marked; a live shop opens its form. */
export function ShopList({ shops }: { shops: readonly AdminShop[] }) {
  if (shops.length === 0) return <p className="shop-list__empty">{t("staff.shops.none")}</p>;
  return (
    <ul className="shop-list" data-testid="shop-list">
      {shops.map((shop) => (
        <li key={shop.id}>
          <ShopRow shop={shop} />
        </li>
      ))}
    </ul>
  );
}

function ShopRow({ shop }: { shop: AdminShop }) {
  const warehouse = shop.is_warehouse;
  const body = (
    <>
      <ShopLogo src={shop.path} lazy />
      <span className="managed-shop__who">
        <span className="managed-shop__name" data-testid="shop-row-name">
          {shop.name}
        </span>
        <span className="managed-shop__address" data-testid="shop-row-address">
          <MapPinIcon />
          {[shop.district, shop.address].filter(Boolean).join(" · ") || t("staff.shops.noAddress")}
        </span>
        <span className="managed-shop__marks">
          <ShopIdMark id={shop.id} testId="shop-row-id" />
          {warehouse && <span className="shop-mark pill shop-mark--warehouse">{t("staff.shops.warehouse")}</span>}
          {shop.is_deleted && (
            <span className="shop-mark pill shop-mark--deleted" data-testid="shop-row-deleted">
              {t("staff.shops.deleted")}
            </span>
          )}
        </span>
      </span>
    </>
  );
  // A deleted shop stays in the list for its history; there is nothing left to edit.
  if (shop.is_deleted) {
    return (
      <div className="managed-shop card managed-shop--deleted" data-testid="shop-row" data-shop-id={shop.id}>
        {body}
      </div>
    );
  }
  return (
    <Link href={paths.shopEdit(shop.id)} className="managed-shop card" data-testid="shop-row" data-shop-id={shop.id}>
      {body}
      <ChevronRightIcon className="managed-shop__chevron" />
    </Link>
  );
}

/** The list's loading shape: three rows of a row's size. */
export function ShopListPlaceholder() {
  return (
    <ul className="shop-list" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <li key={row} className="managed-shop card managed-shop--placeholder">
          <span className="shop-logo placeholder-block" />
          <span className="managed-shop__who">
            <span className="placeholder-line managed-shop__line" />
            <span className="placeholder-line managed-shop__line managed-shop__line--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}
