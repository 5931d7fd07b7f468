import { useEffect } from "react";
import { PAYMENT_OPTIONS, type OrderSettings } from "@domain/orders";

/**
 * Crypto needs the shop's TON wallet (the server refuses it elsewhere): whether it is unavailable at the shop,
 * and, when it is and was chosen, the choice falls back to cash. The cart and a pending order's form share it;
 * `acceptsCrypto` is the shop's (features/shops `useShopAcceptsCrypto`), undefined while it is not known.
 */
export function useCryptoFallback(
  acceptsCrypto: boolean | undefined,
  paymentOption: number,
  change: (next: Partial<OrderSettings>) => void,
): boolean {
  const cryptoUnavailable = acceptsCrypto === false;
  const cryptoChosen = paymentOption === PAYMENT_OPTIONS.crypto;
  useEffect(() => {
    if (cryptoUnavailable && cryptoChosen) change({ payment_option: PAYMENT_OPTIONS.cash });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when the pair turns true; callers remake `change` each render
  }, [cryptoUnavailable, cryptoChosen]);
  return cryptoUnavailable;
}
