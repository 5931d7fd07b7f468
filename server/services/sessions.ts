/**
 * Sessions (design §2): opaque tokens stored hashed, a sliding 30-day expiry under a 90-day cap, at most
 * MAX_SESSIONS_PER_USER live per user, logout; and the session user every screen starts from (`GET /api/me`).
 * Everything about a session is a row in the database, so any process serving the store reads the same.
 */
import { hash, randomBytes } from "node:crypto";
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { lockRows } from "../../db/locks";
import { bonusBalance } from "../../db/repositories/ledger";
import {
  deleteSession,
  extendSession,
  findLiveSession,
  findLiveSessionsTogether,
  findUserById,
  hasActiveOrder,
  insertSession,
  pruneSessions,
  selectStaffRoles,
  updateUser,
  type LiveSession,
} from "../../db/repositories/users";
import { setWriteAccess } from "../../db/repositories/reachability";
import { RunAlone, unitOfWorkOf } from "../../db/unitOfWork";
import type { Config } from "../config";
import { ADMIN_ROLE, MAX_SESSIONS_PER_USER, sessionExpiry, slidSessionExpiry } from "../domain/auth";
import type { SessionUser } from "../domain/contracts/auth";
import { ConflictError, NotFoundError } from "../domain/errors";
import { effectiveLocale, isLocale, reduceLanguageTag, type Locale } from "../domain/locale";
import { isAllowlisted } from "../domain/shops";
import { noticesState, writeAccessOf, type NoticesState, type WriteAccess } from "../domain/writeAccess";

export type SessionsConfig = Pick<Config, "allowlistEmails" | "homeIconUserId" | "wholesaleUrl">;

export interface SessionsDeps {
  db: DB;
  config: SessionsConfig;
  /** Milliseconds since the epoch; tests move it. */
  clock: () => number;
}

export interface Session {
  sessionId: number;
  userId: number;
  authType: "EMAIL" | "TELEGRAM";
  /** The user's chosen language, else Telegram's; null when neither is known (the browser's then decides). */
  locale: Locale | null;
  /** When the session ends unless used again (milliseconds since the epoch): its live streams close then. */
  expiresAt: number;
}

export type Sessions = ReturnType<typeof createSessions>;

function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

export function createSessions({ db, config, clock }: SessionsDeps) {
  const units = unitOfWorkOf(db).named("sessions");
  /**
   * Where each statement is a round trip to the server (PostgreSQL), the session lookups of the requests that
   * arrived together go in one statement; each is live at its own `now` (ISO times compare as text).
   */
  const lookupTogether = units.statementTogether<{ tokenHash: string; now: string }, LiveSession | undefined>(
    "authenticate",
    async (tx, asked) => {
      const earliest = asked.reduce((min, a) => (a.now < min ? a.now : min), asked[0]!.now);
      const found = new Map((await findLiveSessionsTogether(tx, asked.map((a) => a.tokenHash), earliest)).map((s) => [s.token_hash, s]));
      return asked.map((a) => {
        const live = found.get(a.tokenHash);
        if (!live || live.expires_at <= a.now) return { value: undefined };
        const { token_hash: _hash, ...session } = live;
        return { value: session };
      });
    },
  );
  const iso = (ms: number) => new Date(ms).toISOString();

  return {
    /**
     * Opens a session inside the sign-in's unit of work and answers its token. The user's row is locked
     * first, so two sign-ins of one user at once each see the other's session when they end the oldest
     * beyond the cap.
     */
    async open(tx: Executor, userId: number, authType: Session["authType"]): Promise<string> {
      await lockRows(tx, "users", [userId]);
      const token = randomBytes(32).toString("base64url");
      const now = clock();
      await insertSession(tx, {
        user_id: userId,
        token_hash: hashToken(token),
        auth_type: authType,
        created_at: iso(now),
        expires_at: iso(sessionExpiry(now, now)),
      });
      await pruneSessions(tx, userId, MAX_SESSIONS_PER_USER);
      return token;
    },

    /** The session behind a bearer token, sliding its expiry forward; null when dead or unknown. */
    async authenticate(token: string): Promise<Session | null> {
      const now = clock();
      const tokenHash = hashToken(token);
      const session = lookupTogether
        ? await lookupTogether({ tokenHash, now: iso(now) }).catch((error: unknown) => {
            if (error instanceof RunAlone) return units.lookup("authenticate", (tx) => findLiveSession(tx, tokenHash, iso(now)));
            throw error;
          })
        : await units.lookup("authenticate", (tx) => findLiveSession(tx, tokenHash, iso(now)));
      if (!session) return null;
      const slid = slidSessionExpiry(Date.parse(session.created_at), Date.parse(session.expires_at), now);
      if (slid !== null) await units.write("slide", (tx) => extendSession(tx, session.id, iso(now), iso(slid)));
      const locale = isLocale(session.locale) ? session.locale : reduceLanguageTag(session.telegram_locale);
      const expiresAt = slid ?? Date.parse(session.expires_at);
      return { sessionId: session.id, userId: session.user_id, authType: session.auth_type, locale, expiresAt };
    },

    async logout(token: string): Promise<void> {
      await units.write("logout", (tx) => deleteSession(tx, hashToken(token)));
    },

    /** Stores the language a user chose in the picker: it wins over Telegram's and the browser's from now on. */
    async chooseLocale(userId: number, locale: Locale): Promise<void> {
      await units.write("chooseLocale", (tx) => updateUser(tx, userId, { locale }, iso(clock())));
    },

    /**
     * Stores the person's answer to Telegram's dialog (requestWriteAccess, asked by the mini-app after an
     * order): refused skips their notices, allowed lets them through again. What their notices are now.
     */
    async answerWriteAccess(userId: number, allowed: boolean): Promise<{ writeAccess: WriteAccess; notices: NoticesState }> {
      const writeAccess = writeAccessOf(allowed);
      await units.write("answerWriteAccess", async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw new NotFoundError("User", "User not found");
        if (user.telegram_id === null) {
          throw new ConflictError("NO_TELEGRAM_CHAT", "This account has no Telegram chat for the bot to write to.");
        }
        await setWriteAccess(tx, userId, writeAccess, iso(clock()));
      });
      // Allowing clears an earlier "unreachable" too (db/repositories/reachability.ts): the notices are on.
      return { writeAccess, notices: allowed ? "on" : "off" };
    },

    /**
     * The signed-in user as every screen starts from it (`GET /api/me`, and every sign-in's answer). Their
     * `locale` is the language in effect: the stored choice, else Telegram's, else the browser's.
     */
    async sessionUser(userId: number, authType: Session["authType"], acceptLanguage?: string | null): Promise<SessionUser> {
      const { user, roles, balance, activeOrder } = await units.read("sessionUser", async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw new NotFoundError("User", "User not found");
        const roles = await selectStaffRoles(tx, userId);
        return { user, roles, balance: await bonusBalance(tx, userId), activeOrder: await hasActiveOrder(tx, userId) };
      });
      const owned = roles.find((r) => r.role === "owner");
      const managed = roles.find((r) => r.role === "manager");
      const allowlisted = isAllowlisted(user, config.allowlistEmails);
      return {
        userId: user.id,
        authType,
        email: user.email,
        telegram_id: user.telegram_id,
        first_name: user.first_name,
        last_name: user.last_name,
        username: user.username,
        photo_url: user.photo_url,
        isAdmin: user.is_admin === 1,
        adminRole: user.is_admin === 1 ? ADMIN_ROLE : null,
        store_id: owned?.shop_id ?? null,
        managerData: managed ? { id: user.id, store_id: managed.shop_id } : null,
        shops: roles,
        ref: user.reflink,
        balance,
        isActiveOrder: activeOrder,
        isAllowlisted: allowlisted,
        canSetHomeIcon: config.homeIconUserId === user.id,
        // Spec §2: the wholesale link shows to users who own a shop and to the allow-listed accounts.
        wholesaleUrl: owned || allowlisted ? config.wholesaleUrl : null,
        locale: effectiveLocale({ stored: user.locale, telegram: user.telegram_locale, acceptLanguage }),
        // ---- g-write ----
        writeAccess: user.write_access,
        notices: noticesState(user),
      };
    },
  };
}
