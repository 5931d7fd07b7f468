/**
 * Broadcasts (issue 25): drafts, sending, pausing, canceling and progress for the admin; the delivery queue
 * the broadcast worker works (server/jobs/broadcastWorker.ts, a sibling of the outbox's); and the promotions
 * opt-out the bot sets and clears. One unit of work per call.
 */
import type { DB } from "../../db/connection";
import {
  addTestDelivery,
  cancelPending,
  claimNextDelivery,
  countDeliveries,
  countRecipients,
  enqueueRecipients,
  getBroadcast,
  holdPace,
  insertBroadcast,
  isOptedOut,
  markUnreachableById,
  moveBroadcast,
  optIn,
  optOut,
  settleDelivery,
  telegramIdOf,
  type BroadcastRow,
  type DeliveryOutcome,
} from "../../db/repositories/broadcasts";
import { unitOfWorkOf } from "../../db/unitOfWork";
import {
  checkBroadcastText,
  checkButtonPath,
  checkSegment,
  paceSpacingMs,
  secondsLeft,
  type BroadcastCounts,
  type BroadcastStatus,
  type Segment,
} from "../domain/broadcasts";
import { ConflictError, NotFoundError, UnprocessableError } from "../domain/errors";
import { effectiveLocale, type Locale } from "../domain/locale";

export type { DeliveryOutcome };

export interface BroadcastDraft {
  text: string;
  photo_url?: string;
  button?: { text: string; path: string };
  segment: Segment;
}

export interface BroadcastStatusView extends BroadcastCounts {
  id: number;
  status: BroadcastStatus;
  text: string;
  /** For a draft: how many the segment names now (what Send would reach). */
  recipients: number;
  /** Seconds until the rest is sent at the pace (0 unless sending). */
  seconds_left: number;
}

/** A claimed delivery as the broadcast worker gets it. */
export interface DueBroadcastMessage {
  id: number;
  broadcastId: number;
  userId: number;
  attempts: number;
  chatId: number;
  locale: Locale;
  text: string;
  photoUrl: string | null;
  button: { text: string; path: string } | null;
}

/** The broadcast deliveries as the worker needs them; times are ISO strings. */
export interface BroadcastQueue {
  /** The next delivery to send now, if the pace allows one; else when it will (or null: nothing is due). */
  claimNext(now: string, leaseUntil: string): Promise<{ message: DueBroadcastMessage } | { waitUntil: string } | null>;
  settle(id: number, leaseUntil: string, outcome: DeliveryOutcome, now: string): Promise<boolean>;
  /** Telegram said to wait (429): no worker sends a broadcast message before `until`. */
  holdPace(until: string): Promise<void>;
  markUnreachable(userId: number, now: string): Promise<void>;
}

export interface BroadcastDeps {
  db: DB;
  clock: () => number;
  perSecond: number;
  chatGapSeconds: number;
}

export function createBroadcasts({ db, clock, perSecond, chatGapSeconds }: BroadcastDeps) {
  const units = unitOfWorkOf(db).named("broadcasts");
  const now = () => new Date(clock()).toISOString();
  const spacingMs = paceSpacingMs(perSecond);
  // A tenth more, as for the overall pace: the gap holds on Telegram's clock too.
  const chatGapMs = chatGapSeconds * 1100;

  const notFound = (id: number) => new NotFoundError("Broadcast", "Broadcast {id} not found", { id });
  const segmentOf = (row: BroadcastRow) => JSON.parse(row.segment) as Segment;

  async function view(id: number): Promise<BroadcastStatusView> {
    const at = now();
    return units.read("status", async (tx) => {
      const row = await getBroadcast(tx, id);
      if (!row) throw notFound(id);
      const counts = await countDeliveries(tx, id);
      const recipients = row.status === "draft" ? await countRecipients(tx, segmentOf(row), at) : counts.total;
      const seconds = secondsLeft(row.status, counts.left, 1000 / spacingMs);
      return { id, status: row.status, text: row.text, recipients, ...counts, seconds_left: seconds };
    });
  }

  const queue: BroadcastQueue = {
    async claimNext(at, leaseUntil) {
      const claim = await units.write("claimNext", (tx) => claimNextDelivery(tx, at, leaseUntil, spacingMs, chatGapMs));
      if (!claim || "waitUntil" in claim) return claim;
      const d = claim.delivery;
      return {
        message: {
          id: d.id,
          broadcastId: d.broadcast_id,
          userId: d.user_id,
          attempts: d.attempts,
          chatId: d.telegram_id,
          locale: effectiveLocale({ stored: d.locale, telegram: d.telegram_locale }),
          text: d.text,
          photoUrl: d.photo_url,
          button: d.button_path === null ? null : { text: d.button_text ?? "", path: d.button_path },
        },
      };
    },
    settle: (id, leaseUntil, outcome, at) => units.write("settle", (tx) => settleDelivery(tx, id, leaseUntil, outcome, at)),
    holdPace: (until) => units.write("holdPace", (tx) => holdPace(tx, until)),
    markUnreachable: (userId, at) => units.write("markUnreachable", (tx) => markUnreachableById(tx, userId, at)),
  };

  return {
    /** How many a segment names now: the count the admin sees before making the draft. */
    recipients(segment: Segment): Promise<number> {
      const checked = checkSegment(segment);
      const at = now();
      return units.read("recipients", (tx) => countRecipients(tx, checked, at));
    },

    /** Makes a draft: the text, the button and the segment checked; answers its id and how many it would reach. */
    async draft(adminId: number, draft: BroadcastDraft): Promise<{ id: number; recipients: number }> {
      const photoUrl = draft.photo_url?.trim() || null;
      const text = checkBroadcastText(draft.text, photoUrl !== null);
      const segment = checkSegment(draft.segment);
      const button = draft.button ? { text: draft.button.text.trim(), path: checkButtonPath(draft.button.path) } : null;
      const at = now();
      return units.write("draft", async (tx) => {
        const id = await insertBroadcast(tx, {
          text,
          photo_url: photoUrl,
          button_text: button?.text || null,
          button_path: button?.path ?? null,
          segment,
          created_by: adminId,
          now: at,
        });
        return { id, recipients: await countRecipients(tx, segment, at) };
      });
    },

    /**
     * Sends a draft (its recipients fixed now: one delivery each) or resumes a paused broadcast. A segment
     * that names nobody is refused and nothing changes.
     */
    async send(id: number): Promise<BroadcastStatusView> {
      const at = now();
      await units.write("send", async (tx) => {
        const row = await getBroadcast(tx, id);
        if (!row) throw notFound(id);
        if (row.status === "paused") {
          await moveBroadcast(tx, id, ["paused"], "sending");
          return;
        }
        if (row.status === "sending") return;
        if (row.status !== "draft") throw new ConflictError("BROADCAST_CLOSED", "This broadcast is finished or canceled: make a new one");
        // The conditional move makes the second of two concurrent sends find nothing to do.
        if (!(await moveBroadcast(tx, id, ["draft"], "sending", { started_at: at }))) return;
        const queued = await enqueueRecipients(tx, id, segmentOf(row), at);
        if (queued === 0) throw new UnprocessableError("NO_RECIPIENTS", "Nobody matches this segment: there is no one to send it to");
      });
      return view(id);
    },

    async pause(id: number): Promise<BroadcastStatusView> {
      await units.write("pause", async (tx) => {
        const row = await getBroadcast(tx, id);
        if (!row) throw notFound(id);
        if (row.status === "paused") return;
        if (!(await moveBroadcast(tx, id, ["sending"], "paused")))
          throw new ConflictError("BROADCAST_NOT_SENDING", "Only a broadcast that is sending can be paused");
      });
      return view(id);
    },

    /** Cancels a draft, a sending or a paused broadcast: nothing more of it goes out (a message being sent finishes). */
    async cancel(id: number): Promise<BroadcastStatusView> {
      const at = now();
      await units.write("cancel", async (tx) => {
        const row = await getBroadcast(tx, id);
        if (!row) throw notFound(id);
        if (row.status === "canceled") return;
        if (!(await moveBroadcast(tx, id, ["draft", "sending", "paused"], "canceled", { finished_at: at })))
          throw new ConflictError("BROADCAST_CLOSED", "This broadcast is finished or canceled: make a new one");
        await cancelPending(tx, id);
      });
      return view(id);
    },

    status: view,

    /** Sends the broadcast to the admin alone, now (first in the queue, at the pace), whatever its status. */
    async test(adminId: number, id: number): Promise<void> {
      const at = now();
      await units.write("test", async (tx) => {
        if (!(await getBroadcast(tx, id))) throw notFound(id);
        if ((await telegramIdOf(tx, adminId)) === null)
          throw new UnprocessableError("NO_TELEGRAM_CHAT", "Open a chat with the bot first: the test goes to your Telegram");
        await addTestDelivery(tx, id, adminId, at);
      });
    },

    /** The queue the broadcast worker works. */
    queue,

    /** The bot's 'Stop promotions' button and /stop, and the opt-in /start offers. By Telegram id. */
    promotions: {
      optOut: (telegramId: number) => {
        const at = now();
        return units.write("optOut", (tx) => optOut(tx, telegramId, at));
      },
      optIn: (telegramId: number) => units.write("optIn", (tx) => optIn(tx, telegramId)),
      isOptedOut: (telegramId: number) => units.read("isOptedOut", (tx) => isOptedOut(tx, telegramId)),
    },
  };
}

export type Broadcasts = ReturnType<typeof createBroadcasts>;
export type Promotions = Broadcasts["promotions"];
