import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { MeResponse, SessionUser } from "@domain/contracts/auth";
import { POLL_INTERVAL_MS } from "@domain/constants";
import { apiRequest, isHttpFailure } from "../../../lib/api";
import { confirmToken, dropToken, storedToken, useSessionTokenStore } from "../../../lib/session";
import { useTelegramSignInStore } from "../stores/telegramSignInStore";
import { ME_KEY } from "./meKey";

async function fetchMe(signal: AbortSignal): Promise<SessionUser | null> {
  const token = storedToken();
  try {
    const { user } = await apiRequest<MeResponse>("/api/me", { signal });
    confirmToken(token);
    return user;
  } catch (error) {
    if (!isHttpFailure(error, 401)) throw error;
    // A dead session ends quietly: the visitor browses signed out. A sign-in that landed meanwhile stays.
    if (storedToken() === token) dropToken();
    return null;
  }
}

export function useMe() {
  const token = useSessionTokenStore((state) => state.token);
  const telegramSigningIn = useTelegramSignInStore((state) => state.signingIn);
  return useQuery({
    queryKey: ME_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: token !== null && !telegramSigningIn,
    // Many parts of the shell read the session: one answer serves them all for a poll period.
    staleTime: POLL_INTERVAL_MS,
  });
}

/** A sign-in answer already says who signed in: no need to ask /api/me again. */
export function setSessionUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData<SessionUser | null>(ME_KEY, user);
}

export function forgetSessionUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ME_KEY });
}

/** Asks /api/me again, e.g. after an order changed whether the user has an active one. */
export function refreshSessionUser(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ME_KEY });
}
