/**
 * The filters of the bonus history (spec §2 "Bonus history"): Expenses and Incomes narrow the list to one kind,
 * and only when there is something to narrow. The ledger is append-only, so once both kinds exist they stay.
 */
interface BonusSums {
  income_sum: number;
  exp_sum: number;
}

/** Spec §2: "a filter toggles only when both kinds exist" (every entry moves at least 1 bonus). */
export function bothKindsExist(sums: BonusSums | undefined): boolean {
  return sums !== undefined && sums.income_sum > 0 && sums.exp_sum > 0;
}

