import type { CardProduct } from "@domain/contracts/catalog";
import { WAREHOUSE_SHOP_ID } from "@domain/constants";
import { formatAmount } from "@domain/format";
import { shopStockKey } from "@domain/options";
import { Modal } from "../../../components/Modal";
import { useChosenShopStore } from "../stores/chosenShopStore";
import { ShopRow } from "./ShopRow";
import "./ShopRow.css";
import { t } from "../../../lib/i18n";

interface ShopsHoldingModalProps {
  active: boolean;
  onClose: () => void;
  product: CardProduct;
  optionId: string;
  optionLabel: string;
}

/** Spec §2 "Product card": with a shop already chosen, the shop count lists the shops holding the picked option. */
export function ShopsHoldingModal({ active, onClose, product, optionId, optionLabel }: ShopsHoldingModalProps) {
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);
  const stockAt = (shop: CardProduct["shop_list"][number]) => shop.options[shopStockKey(optionId)]?.amount ?? 0;
  const holding = product.shop_list.filter((shop) => shop.store_id !== WAREHOUSE_SHOP_ID && stockAt(shop) > 0);
  return (
    <Modal active={active} onClose={onClose} title={t("shops.holdingTitle")} className="shop-picker">
      <div data-testid="shops-holding">
        <p className="shop-picker__lead">
          {product.name}
          {optionLabel && ` · ${optionLabel}`}
        </p>
        {holding.length === 0 ? (
          <p className="shop-picker__empty">{t("shops.noneHoldsOption")}</p>
        ) : (
          <ul className="shop-rows">
            {holding.map((shop) => (
              <li key={shop.store_id}>
                <ShopRow
                  name={shop.name}
                  district={shop.district}
                  logo={shop.path}
                  chosen={shop.store_id === chosenShopId}
                  aside={
                    shop.store_id === chosenShopId ? t("shops.yourShop") : t("product.inStock", { count: formatAmount(stockAt(shop)) })
                  }
                  testId="shop-holding"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
