import { StoreIcon } from "../../../components/icons";
import { ChevronRightIcon } from "../../../components/moreIcons";
import { useShops } from "../api/useShops";
import { useChosenShopStore } from "../stores/chosenShopStore";
import "./ChosenShopButton.css";
import { t } from "../../../lib/i18n";

/** The pickup shop the customer collects from, as a row that opens the store picker. */
export function ChosenShopButton({ onChange }: { onChange: () => void }) {
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);
  const shops = useShops();
  const chosen = chosenShopId === null ? undefined : shops.data?.find((shop) => shop.id === chosenShopId);
  return (
    <button type="button" className="chosen-shop" onClick={onChange} data-testid="chosen-shop">
      <span className="chosen-shop__icon">
        <StoreIcon />
      </span>
      <span className="chosen-shop__text">
        <span className="chosen-shop__label">{t("shops.pickupShop")}</span>
        <span className="chosen-shop__name" data-testid="chosen-shop-name">
          {chosenShopId === null ? t("shops.chooseShop") : (chosen?.name ?? "…")}
        </span>
      </span>
      <span className="chosen-shop__action">
        {chosenShopId === null ? t("shops.choose") : t("shops.change")}
        <ChevronRightIcon />
      </span>
    </button>
  );
}
