import { useShops } from "../api/useShops";

/** Whether a pickup shop takes crypto (it has a TON wallet); undefined while the shops are not known. */
export function useShopAcceptsCrypto(shopId: number | null): boolean | undefined {
  return useShops().data?.find((shop) => shop.id === shopId)?.accepts_crypto;
}
