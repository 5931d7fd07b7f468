/**
 * The entry's part of live updates (issue 26): once signed in, the stream client (lib/liveEvents.ts, a chunk of its
 * own) is fetched and started; signing out or another sign-in stops it. While the stream is open and the server
 * said `ready`, the screens it keeps fresh poll only once a minute; when it drops they poll every POLL_INTERVAL_MS.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { create } from "zustand";
import { LIVE_SAFETY_POLL_MS, POLL_INTERVAL_MS } from "@domain/constants";
import { useSessionTokenStore } from "./session";

const useLiveStore = create<{ healthy: boolean }>()(() => ({ healthy: false }));

function setLiveStreamHealthy(healthy: boolean): void {
  useLiveStore.setState({ healthy });
}

/**
 * The `refetchInterval` of a query marked `meta.liveOrders`: once a minute while the stream keeps it fresh (a safety
 * net), every POLL_INTERVAL_MS while it does not.
 */
export function useOrdersPollInterval(): number {
  return useLiveStore((state) => state.healthy) ? LIVE_SAFETY_POLL_MS : POLL_INTERVAL_MS;
}

/**
 * One stream per open app while signed in (app/shell/Shell.tsx). `audience` names whose orders the person sees
 * (admin, the shops they staff), null until the session is known: the server reads it when a stream opens, so a
 * change (a manager added to a shop mid-session) opens the stream anew, or their shop's orders would go unheard
 * with polling paused.
 */
export function useLiveUpdates(audience: string | null): void {
  const token = useSessionTokenStore((state) => state.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || audience === null) return;
    let stop: (() => void) | undefined;
    let left = false;
    import("./liveEvents")
      .then(({ startLiveUpdates }) => {
        if (!left) stop = startLiveUpdates(queryClient, token, setLiveStreamHealthy);
      })
      // The chunk did not arrive (offline, a deploy replaced it): the screens keep polling.
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [token, audience, queryClient]);
}
