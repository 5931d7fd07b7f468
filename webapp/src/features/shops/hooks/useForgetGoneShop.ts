import { useEffect } from "react";
import { useShops } from "../api/useShops";
import { useChosenShopStore } from "../stores/chosenShopStore";

/**
 * A chosen shop kept from an earlier visit may have closed since: once the shop list says so, forget it, so
 * the home list does not ask for a shop the server no longer knows.
 */
export function useForgetGoneShop(): void {
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);
  const shops = useShops();
  useEffect(() => {
    if (chosenShopId !== null && shops.data && !shops.data.some((shop) => shop.id === chosenShopId)) {
      useChosenShopStore.getState().clearShop();
    }
  }, [chosenShopId, shops.data]);
}
