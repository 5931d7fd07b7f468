import { CheckIcon, ExternalLinkIcon, MapPinIcon } from "../../../components/icons";
import { haptic } from "../../../lib/telegram";
import { useShops } from "../api/useShops";
import { useChosenShopStore } from "../stores/chosenShopStore";
import { ShopRow } from "./ShopRow";
import "./ShopRow.css";
import "./CartShopPicker.css";

interface CartShopPickerProps {
  /** The shops that can serve the whole cart (the cart-and-shops check); undefined until it has answered. */
  servingShopIds: number[] | undefined;
  checking: boolean;
  /** Why the check could not answer (e.g. a product no longer sold), if it could not. */
  failure: string | null;
}

/** The cart page's shop picker (spec §2): the shops that can serve the whole cart, with address and map. */
export function CartShopPicker({ servingShopIds, checking, failure }: CartShopPickerProps) {
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
    return (
      <div className="shop-picker__loading" role="status" aria-label="Checking the shops">
        <span className="spinner" />
      </div>
    );
  }

  const serving = shops.data.filter((shop) => servingShopIds.includes(shop.id));
  const chosenCannotServe = chosenShopId !== null && !servingShopIds.includes(chosenShopId);
  const chosenName = shops.data.find((shop) => shop.id === chosenShopId)?.name;

  return (
    <div className="cart-shops" data-testid="cart-shops" aria-busy={checking || undefined}>
      {chosenCannotServe && serving.length > 0 && (
        <p className="cart-shops__note" data-tone="warning" role="alert" data-testid="cart-shop-cannot-serve">
          {chosenName ?? "The chosen shop"} does not have your whole order right now: choose another shop.
        </p>
      )}
      {serving.length === 0 ? (
        <p className="cart-shops__note" data-tone="warning" role="alert" data-testid="cart-shops-none">
          No single shop has your whole order right now. Lower an amount or take a product out.
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
                {chosen && (
                  <div className="cart-shop__where" data-testid="cart-shop-where">
                    <span className="cart-shop__address">
                      <MapPinIcon />
                      {shop.address}
                    </span>
                    {shop.map_link && (
                      <a className="cart-shop__map" href={shop.map_link} target="_blank" rel="noopener noreferrer">
                        Map
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
