/** Formats shared by every screen. Money is integer Baht. */

/** 12345 → "12,345": amounts are shown with thousands separators. */
export function formatAmount(value: number): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function formatBaht(value: number): string {
  return `${formatAmount(value)} ฿`;
}
