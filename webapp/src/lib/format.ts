import { formatAmount } from "@domain/format";

/** 1 → "1 shop", 3 → "3 shops", 1200 → "1,200 orders". */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatAmount(count)} ${count === 1 ? one : many}`;
}
