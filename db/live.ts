/**
 * The live-changes bus of a database (issue 26): "order N changed" and "session N ended", heard by every
 * process serving the store once the change is committed, never before and never for a unit that failed.
 *
 * - A unit of work announces on its transaction (`announceOrderChange`, `announceSessionEnded`, called where
 *   the repositories write an order's event row or end a session); the announcements are kept with the unit
 *   and handed to the bus by db/unitOfWork.ts (PostgreSQL) or db/sqlite/groupCommit.ts (SQLite) after the
 *   COMMIT that holds the unit. A unit that throws, or an attempt PostgreSQL makes it run again, publishes
 *   nothing.
 * - SQLite: one process serves the store, so the bus is in process.
 * - PostgreSQL: this process's listeners hear its changes at once, in process; other processes hear them
 *   through `pg_notify('store_live', …)` (one statement for the changes committed in one turn of the event
 *   loop, on a pool connection after the commit, its outcome awaited by nobody) and one dedicated `pg.Client`
 *   per process that LISTENs while someone here subscribes, reconnecting by itself when it drops. Payloads
 *   carry ids only, under PostgreSQL's 8000 bytes. There is no replay: a listener that was away missed what
 *   happened meanwhile (the mini-app keeps polling as the fallback).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Kysely } from "kysely";
import type { Executor } from "./executor";
import { postgresPoolOf } from "./postgres/connection";

export type LiveChange = { kind: "order"; id: number } | { kind: "session-ended"; id: number };

export type LiveListener = (changes: readonly LiveChange[]) => void;

/** What a bus tells about itself: counts since the process started. */
export interface LiveBusFigures {
  /** Changes handed to the bus after their commit. */
  published: number;
  /** NOTIFY statements that failed (PostgreSQL): their changes reached this process only. */
  notifyFailures: number;
  /** Changes heard from other processes (PostgreSQL). */
  received: number;
  /** Times the LISTEN connection was (re)established (PostgreSQL). */
  listenConnects: number;
}

export interface LiveBus {
  /**
   * `listener` hears every change committed from now on, by this process or (PostgreSQL) another one.
   * Resolves once it is subscribed everywhere (on PostgreSQL: once the LISTEN is in place); rejects when
   * that cannot be done now (the database does not answer). The answer unsubscribes.
   */
  subscribe(listener: LiveListener): Promise<() => void>;
  /**
   * Whether changes of other processes reach this one now: false on PostgreSQL while the LISTEN connection
   * is down (its listeners missed what happened meanwhile). Always true on SQLite.
   */
  listening(): boolean;
  /** Called when the LISTEN connection dropped (its listeners may have missed changes) and on NOTIFY failures. */
  onTrouble(report: (what: "listen-lost" | "notify-failed", error: unknown) => void): void;
  figures(): LiveBusFigures;
}

/** The channel every store process LISTENs on. */
export const LIVE_CHANNEL = "store_live";
/**
 * The changes committed within this many milliseconds go out in one NOTIFY statement: at a few hundred
 * placements a second a turn of the event loop holds one or two, and each NOTIFY is a transaction of its own
 * on the server and a message to every listening process (docs/performance.md, "Live updates").
 */
const NOTIFY_WINDOW_MS = 20;
/** The bytes of a payload's ids at most: with the envelope, well under PostgreSQL's 8000 bytes. */
const PAYLOAD_ID_BYTES = 7000;
/** How long the LISTEN connection waits before trying again after it dropped, first and at most. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;
/** The LISTEN connection stays this long after the last listener left (a stream that reconnects finds it). */
const LINGER_MS = 30_000;

// ---------------------------------------------------------------------------------------------------------
// Announcing inside a unit of work

/** The announcements of the unit running on a transaction (one at a time per transaction: see below). */
const pendingOf = new WeakMap<object, LiveChange[]>();

/**
 * Called by the unit-of-work runners as a unit starts on `tx`: its announcements from now on go to the
 * returned list, which the runner publishes after the commit or drops. On SQLite the units of a batch share
 * one transaction and run one after another, so each unit's start gives it a list of its own.
 */
export function collectAnnouncements(tx: object): LiveChange[] {
  const changes: LiveChange[] = [];
  pendingOf.set(tx, changes);
  return changes;
}

function announce(tx: Executor, change: LiveChange): void {
  const pending = pendingOf.get(tx);
  if (pending) {
    pending.push(change);
    return;
  }
  // Outside a unit of work: a statement on the database itself is committed once it has been answered
  // (the callers announce after it); a transaction of someone else's making publishes nothing.
  const bus = buses.get(tx);
  if (bus) bus.publish([change]);
}

/** Order `orderId` changed in the unit running on `tx` (db/repositories/orders.ts, with its event row). */
export function announceOrderChange(tx: Executor, orderId: number): void {
  announce(tx, { kind: "order", id: orderId });
}

/** Session `sessionId` ended in the unit running on `tx` (sign-out, or pruned beyond the cap). */
export function announceSessionEnded(tx: Executor, sessionId: number): void {
  announce(tx, { kind: "session-ended", id: sessionId });
}

/** Hands a committed unit's announcements to the bus of `db` (the unit-of-work runners only). */
export function publishCommitted(db: Kysely<never> | object, changes: readonly LiveChange[]): void {
  if (changes.length === 0) return;
  liveBusOf(db as Kysely<unknown>).publish(changes);
}

// ---------------------------------------------------------------------------------------------------------
// The buses

interface EngineBus extends LiveBus {
  publish(changes: readonly LiveChange[]): void;
}

const buses = new WeakMap<object, EngineBus>();

/** The live-changes bus of `db` (one per database object, so per process). */
export function liveBusOf<T>(db: Kysely<T>): LiveBus & { publish(changes: readonly LiveChange[]): void } {
  let bus = buses.get(db);
  if (!bus) {
    const pool = postgresPoolOf(db);
    bus = pool ? postgresBus(pool) : inProcessBus();
    buses.set(db, bus);
  }
  return bus;
}

function figures0(): LiveBusFigures {
  return { published: 0, notifyFailures: 0, received: 0, listenConnects: 0 };
}

/** Hands changes to this process's listeners; one that throws does not keep them from the others. */
function deliver(listeners: Set<LiveListener>, changes: readonly LiveChange[]): void {
  for (const listener of listeners) {
    try {
      listener(changes);
    } catch {
      // A listener's own failure is its own (the live service logs its own troubles).
    }
  }
}

/** SQLite: the one process serving the store hears its own changes. */
function inProcessBus(): EngineBus {
  const listeners = new Set<LiveListener>();
  const figures = figures0();
  return {
    publish(changes) {
      figures.published += changes.length;
      if (listeners.size > 0) deliver(listeners, changes);
    },
    async subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    listening: () => true,
    onTrouble: () => undefined,
    figures: () => ({ ...figures }),
  };
}

/** The payloads of a batch of changes: `{"p":process,"o":[order ids],"s":[session ids]}`, each under 8000 bytes. */
export function livePayloads(processId: string, changes: readonly LiveChange[]): string[] {
  const payloads: string[] = [];
  let orders: number[] = [];
  let sessions: number[] = [];
  let bytes = 0;
  const cut = () => {
    if (orders.length + sessions.length > 0) payloads.push(JSON.stringify({ p: processId, o: orders, s: sessions }));
    orders = [];
    sessions = [];
    bytes = 0;
  };
  const seen = new Set<string>();
  for (const change of changes) {
    const key = `${change.kind}:${change.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const size = String(change.id).length + 1;
    if (bytes + size > PAYLOAD_ID_BYTES) cut();
    (change.kind === "order" ? orders : sessions).push(change.id);
    bytes += size;
  }
  cut();
  return payloads;
}

/** The changes of a payload, or null for anything that is not one (another program on the channel). */
export function parseLivePayload(payload: string): { processId: string; changes: LiveChange[] } | null {
  try {
    const value = JSON.parse(payload) as { p?: unknown; o?: unknown; s?: unknown };
    if (typeof value.p !== "string" || !Array.isArray(value.o) || !Array.isArray(value.s)) return null;
    const ids = (list: unknown[]) => list.filter((id): id is number => Number.isSafeInteger(id));
    return {
      processId: value.p,
      changes: [
        ...ids(value.o).map((id) => ({ kind: "order" as const, id })),
        ...ids(value.s).map((id) => ({ kind: "session-ended" as const, id })),
      ],
    };
  } catch {
    return null;
  }
}

const NOTIFY_SQL = `select pg_notify('${LIVE_CHANNEL}', payload) from unnest($1::text[]) as payload`;

/** PostgreSQL: in process for this one, NOTIFY for the others, one LISTEN connection while anyone here listens. */
function postgresBus(pool: pg.Pool): EngineBus {
  const processId = randomBytes(6).toString("hex");
  const listeners = new Set<LiveListener>();
  const figures = figures0();
  let reporters: ((what: "listen-lost" | "notify-failed", error: unknown) => void)[] = [];
  const report = (what: "listen-lost" | "notify-failed", error: unknown) => {
    for (const r of reporters) {
      try {
        r(what, error);
      } catch {
        // The report is best effort.
      }
    }
  };

  // NOTIFY: the changes committed in one turn of the event loop, in one statement on a pool connection.
  let queued: LiveChange[] = [];
  let ended = false;
  function flushNotify(): void {
    const changes = queued;
    queued = [];
    if (ended || changes.length === 0) return;
    // On a connection of its own taking: the pool's connections run their statements through the store's
    // statement naming (db/postgres/connection.ts), which answers by promise, not by pool.query's callback.
    const notify = async () => {
      const connection = await pool.connect();
      try {
        await connection.query(NOTIFY_SQL, [livePayloads(processId, changes)]);
      } finally {
        connection.release();
      }
    };
    notify().then(
      () => undefined,
      (error: unknown) => {
        if (ended) return;
        figures.notifyFailures++;
        report("notify-failed", error);
      },
    );
  }

  // LISTEN: one client of its own, connected while anyone here listens (and a while after).
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let connected = false;
  let retryMs = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let lingerTimer: NodeJS.Timeout | null = null;

  function heard(message: pg.Notification): void {
    if (message.channel !== LIVE_CHANNEL || message.payload === undefined) return;
    const parsed = parseLivePayload(message.payload);
    if (!parsed || parsed.processId === processId) return;
    figures.received += parsed.changes.length;
    deliver(listeners, parsed.changes);
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const next = new pg.Client({ ...(pool.options as pg.ClientConfig), connectionTimeoutMillis: 5000 });
      let lost = false;
      const onLost = (error: unknown) => {
        if (lost) return;
        lost = true;
        if (client === next) {
          client = null;
          connected = false;
          report("listen-lost", error);
          scheduleReconnect();
        }
        next.end().catch(() => undefined);
      };
      next.on("error", onLost);
      next.on("end", () => onLost(new Error("the LISTEN connection ended")));
      next.on("notification", heard);
      try {
        await next.connect();
        await next.query(`listen ${LIVE_CHANNEL}`);
      } catch (error) {
        lost = true;
        next.end().catch(() => undefined);
        throw error;
      }
      client = next;
      connected = true;
      retryMs = RECONNECT_FIRST_MS;
      figures.listenConnects++;
    })().finally(() => (connecting = null));
    return connecting;
  }

  function scheduleReconnect(): void {
    if (ended || listeners.size === 0 || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (ended || listeners.size === 0 || client) return;
      connect().catch(() => scheduleReconnect());
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  function disconnect(): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const old = client;
    client = null;
    connected = false;
    old?.end().catch(() => undefined);
  }

  // The database closing (db.destroy() ends the pool) closes the LISTEN connection too.
  const endPool = pool.end.bind(pool) as () => Promise<void>;
  (pool as { end: unknown }).end = async () => {
    ended = true;
    if (lingerTimer) clearTimeout(lingerTimer);
    disconnect();
    return endPool();
  };

  return {
    publish(changes) {
      figures.published += changes.length;
      if (listeners.size > 0) deliver(listeners, changes);
      if (queued.length === 0) setTimeout(flushNotify, NOTIFY_WINDOW_MS);
      queued.push(...changes);
    },
    async subscribe(listener) {
      if (lingerTimer) clearTimeout(lingerTimer);
      lingerTimer = null;
      if (!client) await connect();
      listeners.add(listener);
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        lingerTimer = setTimeout(() => {
          lingerTimer = null;
          if (listeners.size === 0) disconnect();
        }, LINGER_MS);
        lingerTimer.unref();
      };
    },
    listening: () => connected,
    onTrouble(r) {
      reporters = [...reporters, r];
    },
    figures: () => ({ ...figures }),
  };
}
