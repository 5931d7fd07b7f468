import { useCallback, useEffect, useState } from "react";
import type { TonQuote } from "@domain/contracts/ton";
import { apiRequest } from "../../../lib/api";

/**
 * POST /api/orders/:id/ton/quote: the amount in TON, the shop's wallet and the comment, asked for on mount and
 * again when its 15 minutes end. `load` asks now and answers the quote, or null with `failure` set (the server's
 * text). Plain React state, not a query: the TON chunk imports nothing of the entry but React, the API client
 * and lib/telegram.ts (docs/webapp.md "Paying in TON").
 */
export function useTonQuote(orderId: number) {
  const [quote, setQuote] = useState<TonQuote | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async (): Promise<TonQuote | null> => {
    setFailure(null);
    try {
      const fresh = await apiRequest<TonQuote>(`/api/orders/${orderId}/ton/quote`, { method: "POST" });
      setQuote(fresh);
      return fresh;
    } catch (error) {
      setFailure((error as Error).message);
      return null;
    }
  }, [orderId]);

  useEffect(() => {
    void load();
  }, [load]);

  // The rate holds 15 minutes; then the amount is asked for again.
  useEffect(() => {
    if (!quote) return;
    const timer = setTimeout(() => void load(), Math.max(0, Date.parse(quote.valid_until) - Date.now()));
    return () => clearTimeout(timer);
  }, [quote, load]);

  return { quote, failure, load };
}
