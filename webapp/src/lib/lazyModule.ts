import { useEffect, useSyncExternalStore } from "react";

/**
 * A part of the app a first visit to home does not need at once (a dialog, a menu, the pages behind a tap), kept
 * out of the entry as a lazy chunk (docs/webapp.md "Chunks"). It is fetched once: when the browser is first idle
 * (`prefetchLazyModulesWhenIdle`, called once by the shell), on a hover or touch that announces it (`load`), or
 * when it is wanted before that (`useLazyModule`). A failed fetch is tried again the next time it is asked for.
 */
export interface LazyModule<M> {
  /** The module, fetched on the first call. */
  load(): Promise<M>;
  /** The module once it has arrived (undefined before), and a fetch started while `wanted` is true. */
  use(wanted: boolean): M | undefined;
}

const idleLoads: (() => unknown)[] = [];

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let pending: Promise<M> | undefined;
  let value: M | undefined;
  const listeners = new Set<() => void>();
  const load = (): Promise<M> =>
    (pending ??= importer().then(
      (module) => {
        value = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const read = () => value;
  idleLoads.push(() => load().catch(() => undefined));
  return {
    load,
    use(wanted) {
      const module = useSyncExternalStore(subscribe, read);
      useEffect(() => {
        if (wanted && module === undefined) void load().catch(() => undefined);
      }, [wanted, module]);
      return module;
    },
  };
}

/** Fetches every lazy module once the browser is idle (at once where it has no idle callback); returns the cancel. */
export function prefetchLazyModulesWhenIdle(): () => void {
  const loadAll = () => {
    for (const loadOne of idleLoads) loadOne();
  };
  if (typeof window.requestIdleCallback !== "function") {
    const timer = window.setTimeout(loadAll, 1);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(loadAll);
  return () => window.cancelIdleCallback(idle);
}
