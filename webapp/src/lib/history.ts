import type { AroundNavHandler } from "wouter";

/**
 * How many in-app pages lie behind the current one. The router stamps it on every history entry it makes,
 * so 'Return to store' can tell a page opened inside the app (go back) from one opened by a link (go home).
 */
interface AppHistoryState {
  appDepth: number;
}

function currentDepth(): number {
  const state: unknown = window.history.state;
  if (typeof state === "object" && state !== null && "appDepth" in state) {
    const depth = (state as AppHistoryState).appDepth;
    if (typeof depth === "number") return depth;
  }
  return 0;
}

export const stampAppDepth: AroundNavHandler = (navigate, to, options) => {
  const appDepth = options?.replace ? currentDepth() : currentDepth() + 1;
  navigate(to, { ...options, state: { appDepth } satisfies AppHistoryState });
};

export function hasInAppHistory(): boolean {
  return currentDepth() > 0;
}
