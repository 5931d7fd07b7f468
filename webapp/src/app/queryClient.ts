import { MutationCache, QueryCache, QueryClient, isCancelledError } from "@tanstack/react-query";
import { QUERY_GC_MS } from "@domain/constants";
import { ApiRequestError, SIGN_IN_REQUIRED } from "../lib/api";
import { t } from "../lib/i18n";
import { notify } from "../components/notificationStore";

interface CallMeta extends Record<string, unknown> {
  /** HTTP statuses the caller shows by itself (e.g. a 404 that redirects), so no banner for them. */
  quietStatuses?: readonly number[];
  /** Asked when the call has failed: true when the caller handles the failure by itself now, so no banner. */
  quietIf?: (error: unknown) => boolean;
  /**
   * The query shows orders: `true` any order (a list, a count), a number that one order. The live stream refetches
   * it when such an order changes, and its polling pauses while the stream is open (lib/liveEvents.ts).
   */
  liveOrders?: true | number;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

const MAX_RETRIES = 2;

/** Every failed call ends in one banner, here, so no screen can fail silently. */
function reportFailure(error: unknown, meta: CallMeta | undefined): void {
  if (isCancelledError(error)) return;
  if (meta?.quietIf?.(error)) return;
  if (error instanceof ApiRequestError) {
    if (typeof error.failure === "number" && meta?.quietStatuses?.includes(error.failure)) return;
    // A dead session opens the sign-in instead (lib/session.ts sessionLost): no banner on top of it.
    if (error.code === SIGN_IN_REQUIRED) return;
    notify(error.message, "W");
    return;
  }
  notify(t("shell.somethingWrong"), "W");
}

/** A 4xx answer will not change by asking again; network trouble and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && typeof error.failure === "number" && error.failure < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportFailure(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => reportFailure(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
