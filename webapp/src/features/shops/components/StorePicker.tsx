import type { CardProduct } from "@domain/contracts/catalog";
import { WAREHOUSE_SHOP_ID } from "@domain/constants";
import { formatAmount } from "@domain/format";
import { shopStockKey } from "@domain/options";
import { CheckIcon } from "../../../components/icons";
import { Modal } from "../../../components/Modal";
import { haptic } from "../../../lib/telegram";
import { useShopsForLines } from "../api/useShopsForLines";
import { useChosenShopStore } from "../stores/chosenShopStore";
import { ShopRow } from "./ShopRow";
import "./ShopRow.css";
import { t } from "../../../lib/i18n";

interface StorePickerProps {
  active: boolean;
  onClose: () => void;
  product: CardProduct;
  optionId: string;
  /** What the option is called ("3.5 g"), for the lead line. */
  optionLabel: string;
  /** The amount the customer wants: a shop holding less is not offered. */
  amount: number;
  /** After the shop is chosen (and the picker closed): e.g. go on adding the product to the order. */
  onChosen?: (shopId: number) => void;
}

/**
 * The store picker (spec §2, §5): only pickup shops holding the picked option in the wanted amount, never the
 * warehouse. The product's own shop list says which; the server's cart-and-shops check confirms it, since
 * stock may have moved since the product was loaded.
 */
export function StorePicker({ active, ...props }: StorePickerProps) {
  return (
    <Modal active={active} onClose={props.onClose} title={t("shops.chooseTitle")} className="shop-picker">
      {active && <StoreChoices {...props} />}
    </Modal>
  );
}

function StoreChoices({ onClose, product, optionId, optionLabel, amount, onChosen }: Omit<StorePickerProps, "active">) {
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);
  const chooseShop = useChosenShopStore((state) => state.chooseShop);
  const stockAt = (shop: CardProduct["shop_list"][number]) => shop.options[shopStockKey(optionId)]?.amount ?? 0;
  const holding = product.shop_list.filter((shop) => shop.store_id !== WAREHOUSE_SHOP_ID && stockAt(shop) >= amount);
  const confirmed = useShopsForLines(
    holding.length > 0 ? [{ product_id: product.id, option_id: Number(optionId), amount }] : [],
  );
  // Without the server's word (no connection) the product's own list is the best there is.
  const shops = confirmed.data ? holding.filter((shop) => confirmed.data.some((served) => served.id === shop.store_id)) : holding;

  const what = `${product.name}${optionLabel ? ` · ${optionLabel}` : ""}${amount > 1 ? ` × ${formatAmount(amount)}` : ""}`;

  const choose = (shopId: number) => {
    chooseShop(shopId);
    haptic("rigid");
    onClose();
    onChosen?.(shopId);
  };

  return (
    <div data-testid="store-picker">
      <p className="shop-picker__lead">{t("shops.pickLead", { what })}</p>
      {confirmed.isFetching && !confirmed.data ? (
        <div className="shop-picker__loading" role="status" aria-label={t("shops.checking")}>
          <span className="spinner" />
        </div>
      ) : shops.length === 0 ? (
        <p className="shop-picker__empty" data-testid="store-picker-empty">
          {t("shops.noneHoldsOption")}
        </p>
      ) : (
        <ul className="shop-rows">
          {shops.map((shop, index) => (
            <li key={shop.store_id}>
              <ShopRow
                name={shop.name}
                district={shop.district}
                logo={shop.path}
                chosen={shop.store_id === chosenShopId}
                onChoose={() => choose(shop.store_id)}
                // The shop chosen before, else the first: where the keyboard starts when the picker opens.
                focusOnOpen={shops.some((held) => held.store_id === chosenShopId) ? shop.store_id === chosenShopId : index === 0}
                aside={shop.store_id === chosenShopId ? <CheckIcon /> : t("product.inStock", { count: formatAmount(stockAt(shop)) })}
                testId="store-choice"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
