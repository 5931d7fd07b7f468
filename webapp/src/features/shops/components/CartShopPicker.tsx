import { CheckIcon, MapPinIcon } from "../../../components/icons";
import { ExternalLinkIcon } from "../../../components/moreIcons";
import { haptic } from "../../../lib/telegram";
import { useShops } from "../api/useShops";
import { useChosenShopStore } from "../stores/chosenShopStore";
import { ShopRow } from "./ShopRow";
import "./ShopRow.css";
import "./CartShopPicker.css";
import { t } from "../../../lib/i18n";

interface CartShopPickerProps {
  /** The shops that can serve the whole cart (the cart-and-shops check); undefined until it has answered. */
  servingShopIds: number[] | undefined;
  checking: boolean;
  /** Why the check could not answer (e.g. a product no longer sold), if it could not. */
  failure: string | null;
  /** How many shops the check will likely answer (from the stock the page knows), for the rows kept meanwhile. */
  expectedRows?: number;
  /**
   * Whether the chosen shop's address and map show under it: for a courier (the shop that sends the order), not for
   * self-pickup, whose "Pickup point" below already shows them (one address on the page, not two).
   */
  withAddress: boolean;
}

/** The cart page's shop picker (spec §2): the shops that can serve the whole cart, the chosen one's address and map. */
export function CartShopPicker({ servingShopIds, checking, failure, expectedRows, withAddress }: CartShopPickerProps) {
  const shops = useShops();
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);
  const chooseShop = useChosenShopStore((state) => state.chooseShop);

  if (failure) {
    return (
      <p className="cart-shops__note" data-tone="warning" role="alert" data-testid="cart-shops-failure">
        {failure}
      </p>
    );
  }
  if (servingShopIds === undefined || !shops.data) {
    // Rows of a shop row's size (and the chosen shop's address under the first) while the check runs, so the
    // sections below stay where they are when it answers.
    const rows = expectedRows ?? (chosenShopId !== null ? 1 : 2);
    return (
      <ul className="shop-rows" role="status" aria-label={t("shops.checking")}>
        {Array.from({ length: Math.max(1, rows) }, (_, index) => (
          <li key={index} className="cart-shop" aria-hidden="true">
            <div className="shop-row">
              <span className="shop-row__logo placeholder-block" />
              <span className="placeholder-line" style={{ width: "55%" }} />
            </div>
            {index === 0 && withAddress && chosenShopId !== null && <div className="cart-shop__where cart-shop__where--placeholder" />}
          </li>
        ))}
      </ul>
    );
  }

  const serving = shops.data.filter((shop) => servingShopIds.includes(shop.id));
  const chosenCannotServe = chosenShopId !== null && !servingShopIds.includes(chosenShopId);
  const chosenName = shops.data.find((shop) => shop.id === chosenShopId)?.name;

  return (
    <div className="cart-shops" data-testid="cart-shops" aria-busy={checking || undefined}>
      {chosenCannotServe && serving.length > 0 && (
        <p className="cart-shops__note" data-tone="warning" role="alert" data-testid="cart-shop-cannot-serve">
          {chosenName ? t("shops.chosenCannotServe", { shop: chosenName }) : t("shops.chosenCannotServeUnnamed")}
        </p>
      )}
      {serving.length === 0 ? (
        <p className="cart-shops__note" data-tone="warning" role="alert" data-testid="cart-shops-none">
          {t("shops.noneServes")}
        </p>
      ) : (
        <ul className="shop-rows">
          {serving.map((shop) => {
            const chosen = shop.id === chosenShopId;
            return (
              <li key={shop.id} className="cart-shop">
                <ShopRow
                  name={shop.name}
                  district={shop.district}
                  logo={shop.path}
                  chosen={chosen}
                  onChoose={() => {
                    chooseShop(shop.id);
                    haptic("rigid");
                  }}
                  aside={chosen ? <CheckIcon /> : undefined}
                  testId="cart-shop"
                />
                {chosen && withAddress && (
                  <div className="cart-shop__where" data-testid="cart-shop-where">
                    <span className="cart-shop__address">
                      <MapPinIcon />
                      {shop.address}
                    </span>
                    {shop.map_link && (
                      <a className="cart-shop__map" href={shop.map_link} target="_blank" rel="noopener noreferrer">
                        {t("ui.map")}
                        <ExternalLinkIcon />
                      </a>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
