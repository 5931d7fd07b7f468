import { paths } from "../../lib/paths";

/** The header's Return button (spec §2 "Common shell"). */
interface ReturnButton {
  /** Its text's message id: 'Return to store' or 'Return to cabinet' in English. */
  label: "shell.returnToStore" | "shell.returnToCabinet";
  /** Where it leads. */
  to: string;
  /** Step back through in-app history instead, when there is some. */
  prefersHistory: boolean;
}

const TO_STORE: ReturnButton = { label: "shell.returnToStore", to: paths.home, prefersHistory: true };
const TO_CABINET: ReturnButton = { label: "shell.returnToCabinet", to: paths.cabinet, prefersHistory: false };
const TO_ADMIN_CABINET: ReturnButton = { label: "shell.returnToCabinet", to: paths.adminCabinet, prefersHistory: false };

interface ReturnRule {
  /** An exact path, or a prefix when it ends with '*'. */
  path: string;
  button: ReturnButton | null;
}

/** First match wins; any other page returns to the store. */
const RETURN_RULES: readonly ReturnRule[] = [
  { path: paths.home, button: null },
  // Staff screens lead back to the manager cabinet; the shop's sales are reached from the customer cabinet too.
  { path: "/order/manage/*", button: TO_ADMIN_CABINET },
  { path: paths.storeOrders, button: TO_ADMIN_CABINET },
  { path: paths.managerSales, button: TO_ADMIN_CABINET },
  { path: "/list/*", button: TO_CABINET },
  { path: "/order/*", button: TO_CABINET },
  { path: "/refstat*", button: TO_CABINET },
  { path: "/shop/*", button: TO_CABINET },
  { path: "/admin/*", button: TO_ADMIN_CABINET },
];

function matches(rule: ReturnRule, pathname: string): boolean {
  return rule.path.endsWith("*") ? pathname.startsWith(rule.path.slice(0, -1)) : pathname === rule.path;
}

/** The Return button a page shows, or null where there is none (the home page). */
export function returnButtonFor(pathname: string): ReturnButton | null {
  const rule = RETURN_RULES.find((candidate) => matches(candidate, pathname));
  return rule ? rule.button : TO_STORE;
}
