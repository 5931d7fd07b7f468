import { useEffect } from "react";
import { PAYMENT_OPTIONS, type OrderSettings } from "@domain/orders";
import { useShops } from "../api/useShops";

/**
 * Crypto needs the shop's TON wallet (the server refuses it elsewhere): whether it is unavailable at this shop,
 * and, when it is and was chosen, the choice falls back to cash. The cart and a pending order's form share it.
 */
export function useCryptoFallback(shopId: number | null, paymentOption: number, change: (next: Partial<OrderSettings>) => void): boolean {
  const shop = useShops().data?.find((s) => s.id === shopId);
  const cryptoUnavailable = shop !== undefined && !shop.accepts_crypto;
  const cryptoChosen = paymentOption === PAYMENT_OPTIONS.crypto;
  useEffect(() => {
    if (cryptoUnavailable && cryptoChosen) change({ payment_option: PAYMENT_OPTIONS.cash });
  }, [cryptoUnavailable, cryptoChosen]);
  return cryptoUnavailable;
}
