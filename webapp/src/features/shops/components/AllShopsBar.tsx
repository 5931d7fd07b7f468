import { ChevronLeftIcon, StoreIcon } from "../../../components/icons";
import { useShops } from "../api/useShops";
import { useChosenShopStore } from "../stores/chosenShopStore";
import "./AllShopsBar.css";
import { formatAmount } from "@domain/format";
import { t } from "../../../lib/i18n";

/** Shown while one shop is chosen: names it and leads back to every pickup shop. */
export function AllShopsBar() {
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);
  return chosenShopId === null ? null : <ChosenShopBar chosenShopId={chosenShopId} />;
}

function ChosenShopBar({ chosenShopId }: { chosenShopId: number }) {
  const clearShop = useChosenShopStore((state) => state.clearShop);
  const shops = useShops();
  const chosen = shops.data?.find((shop) => shop.id === chosenShopId);

  return (
    <div className="all-shops-bar" data-testid="all-shops-bar">
      {/* While the shop list is on its way the name's place is kept, so the button beside it does not move. */}
      <span className="all-shops-bar__chosen">
        <StoreIcon />
        {shops.data ? chosen?.name : <span className="placeholder-line" style={{ width: 120, height: 16 }} aria-hidden="true" />}
      </span>
      <button type="button" className="all-shops-bar__back" onClick={clearShop}>
        <ChevronLeftIcon />
        {t("shops.all", { count: shops.data ? formatAmount(shops.data.length) : "…" })}
      </button>
    </div>
  );
}
