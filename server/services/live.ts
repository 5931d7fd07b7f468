/**
 * Live updates (issue 26): the event streams open in this process and who may hear what.
 *
 * A stream belongs to a session. When an order changes (db/live.ts: announced by the unit that changed it,
 * heard after its commit, from this process or, on PostgreSQL, any other), its customer and shop are read
 * once for all streams here (one indexed read per batch of changes, only while a stream is open) and the
 * stream hears "order N changed" when its person may see the order: the order's customer, staff of the
 * order's shop, admins. Nothing else crosses the stream: the screen refetches what it shows through the
 * routes that check who asks.
 *
 * A session has at most LIVE_STREAMS_PER_SESSION streams (the oldest is closed, "superseded"); the session
 * ending closes its streams ("signed-out"): a sign-out anywhere (heard on the bus), or its expiry (a timer,
 * which reads the session again when it fires: a session in use slides its expiry forward). Idle streams
 * cost one shared heartbeat timer and nothing else.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DB } from "../../db/connection";
import { liveBusOf, type LiveChange } from "../../db/live";
import { selectOrderAudience } from "../../db/repositories/orders";
import { selectStaffShopIds } from "../../db/repositories/staffOrders";
import { isAdmin, selectSessionExpiry } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { UnauthorizedError, UnavailableError } from "../domain/errors";
import { LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_SESSION } from "../domain/constants";
import { staffsShop, type StaffActor } from "../domain/handover";
import type { Session } from "./sessions";

/** Why the server ended a stream on purpose (the client then falls back to polling and does not reconnect). */
export type LiveCloseReason = "superseded" | "signed-out";

/** What the HTTP route gives the service for one stream: how to tell its client something. */
export interface LiveSink {
  order(orderId: number): void;
  ping(): void;
  /** Ends the stream; with a reason, the client is told why first. */
  close(reason: LiveCloseReason | null): void;
}

/** One open stream, as its route holds it. */
export interface LiveStreamHandle {
  /** The client went away: the stream is forgotten (nothing is written to it any more). */
  detach(): void;
}

export interface LiveDeps {
  db: DB;
  log: FastifyBaseLogger;
  /** Milliseconds since the epoch; tests move it. */
  clock: () => number;
  heartbeatMs?: number;
  maxPerSession?: number;
}

interface Stream {
  sink: LiveSink;
  session: Session;
  audience: StaffActor;
}

/**
 * The changes heard within this many milliseconds are delivered together, after one read of who may hear of
 * them: on PostgreSQL each placement commits on its own, and a read per placement would be a round trip more
 * for every placement while a stream is open (docs/performance.md, "Live updates").
 */
const DELIVERY_WINDOW_MS = 25;

/** Node's timers hold at most 2^31-1 ms (24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

export type Live = ReturnType<typeof createLive>;

export function createLive({ db, log, clock, heartbeatMs = LIVE_HEARTBEAT_MS, maxPerSession = LIVE_STREAMS_PER_SESSION }: LiveDeps) {
  const units = unitOfWorkOf(db).named("live");
  const bus = liveBusOf(db);
  bus.onTrouble((what, error) => {
    if (what === "notify-failed") {
      log.warn({ err: error }, "live updates: a NOTIFY failed; other instances missed these changes (their clients poll)");
      return;
    }
    // This process no longer hears the others: its streams end (no reason given), so their clients poll and
    // reconnect, and a stream opens again once the LISTEN is back.
    log.warn({ err: error, streams: streams.size }, "live updates: the LISTEN connection dropped; streams closed until it is back");
    closeAllStreams();
  });
  const closeAllStreams = () => {
    for (const stream of [...streams]) closeStream(stream, null);
  };

  const streams = new Set<Stream>();
  const sessions = new Map<number, { streams: Stream[]; timer: NodeJS.Timeout | null }>();
  const byUser = new Map<number, Set<Stream>>();
  const byShop = new Map<number, Set<Stream>>();
  const admins = new Set<Stream>();
  /** Streams being opened (awaiting their roles and the subscription): the bus stays subscribed meanwhile. */
  let opening = 0;
  let subscription: Promise<() => void> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const pendingOrders = new Set<number>();
  let flushScheduled = false;

  const add = <K>(index: Map<K, Set<Stream>>, key: K, stream: Stream) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(stream);
  };
  const remove = <K>(index: Map<K, Set<Stream>>, key: K, stream: Stream) => {
    const set = index.get(key);
    if (set?.delete(stream) && set.size === 0) index.delete(key);
  };

  function onChanges(changes: readonly LiveChange[]): void {
    for (const change of changes) {
      if (change.kind === "session-ended") closeSession(change.id, "signed-out");
      else pendingOrders.add(change.id);
    }
    if (pendingOrders.size > 0 && !flushScheduled) {
      flushScheduled = true;
      setTimeout(() => void deliverOrders(), DELIVERY_WINDOW_MS);
    }
  }

  /** The orders changed since the last delivery: read once who may hear of each, then tell them. */
  async function deliverOrders(): Promise<void> {
    flushScheduled = false;
    const ids = [...pendingOrders];
    pendingOrders.clear();
    if (streams.size === 0 || ids.length === 0) return;
    let rows: { id: number; user_id: number; shop_id: number }[];
    try {
      // One statement: a lookup, without the transaction a read would open around it (PostgreSQL round trips).
      rows = await units.lookup("orderAudience", (tx) => selectOrderAudience(tx, ids));
    } catch (error) {
      log.warn({ err: error, orders: ids.length }, "live updates: could not read who may hear of changed orders (clients poll)");
      return;
    }
    for (const row of rows) {
      const heard = new Set<Stream>([...(byUser.get(row.user_id) ?? []), ...(byShop.get(row.shop_id) ?? []), ...admins]);
      for (const stream of heard) {
        // The indexes say so already; the domain's rule decides again, so a wrong index cannot leak.
        if (stream.session.userId === row.user_id || staffsShop(stream.audience, row.shop_id)) stream.sink.order(row.id);
      }
    }
  }

  function forget(stream: Stream): boolean {
    if (!streams.delete(stream)) return false;
    remove(byUser, stream.session.userId, stream);
    for (const shopId of stream.audience.shopIds) remove(byShop, shopId, stream);
    admins.delete(stream);
    const entry = sessions.get(stream.session.sessionId);
    if (entry) {
      entry.streams = entry.streams.filter((s) => s !== stream);
      if (entry.streams.length === 0) {
        if (entry.timer) clearTimeout(entry.timer);
        sessions.delete(stream.session.sessionId);
      }
    }
    idleIfNone();
    return true;
  }

  function closeStream(stream: Stream, reason: LiveCloseReason | null): void {
    if (!forget(stream)) return;
    try {
      stream.sink.close(reason);
    } catch (error) {
      log.warn({ err: error }, "live updates: closing a stream failed");
    }
  }

  function closeSession(sessionId: number, reason: LiveCloseReason): void {
    const entry = sessions.get(sessionId);
    if (!entry) return;
    for (const stream of [...entry.streams]) closeStream(stream, reason);
  }

  /** With no stream open, nothing runs: no heartbeat, no subscription (the bus lets its LISTEN go). */
  function idleIfNone(): void {
    if (streams.size > 0 || opening > 0) return;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    const ending = subscription;
    subscription = null;
    ending?.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  }

  function armExpiry(sessionId: number, expiresAt: number): void {
    const entry = sessions.get(sessionId);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    const delay = Math.min(Math.max(expiresAt - clock(), 0), MAX_TIMER_MS);
    entry.timer = setTimeout(() => void checkExpiry(sessionId), delay);
    entry.timer.unref();
  }

  /** A session's expiry came: closed unless it was used meanwhile (then its new expiry is waited for). */
  async function checkExpiry(sessionId: number): Promise<void> {
    const entry = sessions.get(sessionId);
    if (!entry) return;
    entry.timer = null;
    let expiresAt: string | undefined;
    try {
      expiresAt = await units.lookup("sessionExpiry", (tx) => selectSessionExpiry(tx, sessionId));
    } catch (error) {
      log.warn({ err: error }, "live updates: could not read a session's expiry; checked again in a minute");
      armExpiry(sessionId, clock() + 60_000);
      return;
    }
    const ends = expiresAt === undefined ? 0 : Date.parse(expiresAt);
    if (ends <= clock()) closeSession(sessionId, "signed-out");
    else armExpiry(sessionId, ends);
  }

  return {
    /**
     * Opens a stream for a signed-in session: reads who the person is to the orders (customer, staff of which
     * shops, admin), subscribes to the bus, and registers the stream. Resolves once changes committed from now
     * on reach it. A session's streams beyond the cap close oldest first ("superseded").
     */
    async open(session: Session, sink: LiveSink): Promise<LiveStreamHandle> {
      opening++;
      let stream: Stream | null = null;
      try {
        // Subscribed first, then the session read again: a sign-out committed after this read is heard by the
        // stream (it is registered before the next event can arrive), one committed before it refuses it.
        subscription ??= bus.subscribe(onChanges);
        const subscribed = subscription;
        try {
          await subscribed;
        } catch (error) {
          if (subscription === subscribed) subscription = null;
          log.warn({ err: error }, "live updates: cannot subscribe to the database's changes; the stream is refused (503)");
          throw new UnavailableError("LIVE_UNAVAILABLE", "The store cannot reach its database right now. Please try again in a moment.");
        }
        const { audience, ended } = await units.read("audience", async (tx) => ({
          ended: (await selectSessionExpiry(tx, session.sessionId)) === undefined,
          audience: {
            userId: session.userId,
            isAdmin: await isAdmin(tx, session.userId),
            shopIds: await selectStaffShopIds(tx, session.userId),
          },
        }));
        if (ended) throw new UnauthorizedError("SIGN_IN_REQUIRED", "Please log in first.");
        stream = { sink, session, audience };
      } finally {
        opening--;
        if (!stream) idleIfNone();
      }
      streams.add(stream);
      add(byUser, session.userId, stream);
      for (const shopId of stream.audience.shopIds) add(byShop, shopId, stream);
      if (stream.audience.isAdmin) admins.add(stream);
      let entry = sessions.get(session.sessionId);
      if (!entry) {
        sessions.set(session.sessionId, (entry = { streams: [], timer: null }));
        armExpiry(session.sessionId, session.expiresAt);
      }
      entry.streams.push(stream);
      while (entry.streams.length > maxPerSession) closeStream(entry.streams[0]!, "superseded");
      if (!heartbeat) {
        heartbeat = setInterval(() => {
          for (const s of streams) s.sink.ping();
        }, heartbeatMs);
        heartbeat.unref();
      }
      return { detach: () => void forget(stream) };
    },

    /** Ends every stream without a reason (the process stops: clients reconnect to another instance). */
    closeAll: () => closeAllStreams(),

    /** Streams open in this process now (metrics, tests). */
    openStreams: () => streams.size,

    /** What /metrics shows of live updates in this process. */
    figures: () => ({
      streams: streams.size,
      notifyFailures: bus.figures().notifyFailures,
      // With no stream open nobody here needs to hear the others.
      listening: streams.size === 0 || bus.listening(),
    }),
  };
}
