// Beside partnerKeys.ts rather than in it: the router runs it at start, and the keys are the partner screens' own.
/**
 * The bonus balance a partner answer in the query cache carries (the summary, the first page of a history),
 * so the shell can keep the session's balance (the chip) in step with it; undefined for any other answer.
 */
export function walletBalanceIn(queryKey: readonly unknown[], data: unknown): number | undefined {
  if (queryKey[0] !== "partner" || typeof data !== "object" || data === null) return undefined;
  const answer: unknown = "pages" in data && Array.isArray(data.pages) ? data.pages[0] : data;
  if (typeof answer !== "object" || answer === null || !("balance" in answer)) return undefined;
  return typeof answer.balance === "number" ? answer.balance : undefined;
}
