/**
 * Sign-in (design §2): with Telegram's initData (the mini-app), with an e-mail one-time code, and the chat's
 * `/start` (with or without a referral code) that makes the sender a user. Each sign-in is one unit of work that makes or refreshes the
 * user, bootstraps admins (./adminGrants.ts) and opens the session (./sessions.ts); mail and the referral
 * programme are called before or after it, never inside.
 *
 * What must hold across requests is written so the database decides: the sends per address (one
 * conditional insert), a code's tries (a conditional update per try) and its single use (a conditional
 * update), a new Telegram user (its unique key). The per-address limits of sends and verifies are counted by
 * the limiters the composition root gives (in memory on SQLite, in the database on PostgreSQL: ./rateLimiter.ts).
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { claimShopsByAdminEmail } from "../../db/repositories/shops";
import {
  deleteLoginCode,
  ensureSetting,
  findLatestCode,
  findUserByEmail,
  findUserById,
  findUserByTelegramId,
  insertLoginCodeWithinLimit,
  insertTelegramUser,
  insertUser,
  reflinkTaken,
  takeCodeTry,
  updateUser,
  useCode,
  type UserRow,
} from "../../db/repositories/users";
import { markReachable } from "../../db/repositories/reachability";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { lockName } from "../../db/locks";
import type { Config } from "../config";
import {
  CODE_USED_UP,
  INVALID_CODE,
  isWellFormedCode,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_WRONG_TRIES,
  LOGIN_CODE_SEND_WINDOW_MS,
  LOGIN_CODE_SENDS_PER_ADDRESS,
  LOGIN_CODE_SENDS_PER_IP,
  LOGIN_CODE_TTL_MS,
  LOGIN_VERIFIES_PER_IP,
  normaliseEmail,
} from "../domain/auth";
import type { SignInResponse } from "../domain/contracts/auth";
import { ConflictError, RateLimitedError, UnauthorizedError, UnavailableError } from "../domain/errors";
import { DEFAULT_LOCALE, reduceLanguageTag, type Locale } from "../domain/locale";
import type { AdminGrants } from "./adminGrants";
import { loginCodeMail, type Mailer } from "./mailer";
import type { LimiterFactory } from "./rateLimiter";
import type { Session, Sessions } from "./sessions";
import { verifyInitData } from "./telegramInitData";

export type SignInConfig = Pick<Config, "botToken" | "initDataMaxAgeS">;

export interface SignInDeps {
  db: DB;
  config: SignInConfig;
  mailer: Mailer;
  /** Milliseconds since the epoch; tests move it. */
  clock: () => number;
  sessions: Pick<Sessions, "open" | "sessionUser">;
  adminGrants: Pick<AdminGrants, "bootstraps" | "bootstrapAt">;
  /** Where the per-address limits of sends and verifies are counted (server/services/index.ts picks it). */
  limiters: LimiterFactory;
  /**
   * Registers a referral from the code a sign-in carried (initData's start_param, the stored `ref`); its
   * rules and refusals are the referral programme's (services/partner.ts), and never fail a sign-in.
   */
  registerReferral?: (userId: number, code: string | null | undefined, via: ReferralVia) => Promise<unknown>;
}

/**
 * How a referral code reached a sign-in: a web link (whose view the page already counted), Telegram's
 * `startapp` link (initData's start_param), or `/start CODE` in the chat (both of which are views too).
 */
export type ReferralVia = "link" | "telegram" | "chat";

/** What a Telegram profile carries about a user (initData's `user`, or the bot's `from`). */
export interface TelegramUserProfile {
  id: number;
  first_name: string;
  last_name?: string | null | undefined;
  username?: string | null | undefined;
  /** undefined keeps what was known: the bot's updates carry no photo, initData does when there is one. */
  photo_url?: string | null | undefined;
  /** Telegram's word for the user's language; undefined keeps what was known. */
  language_code?: string | null | undefined;
}

export type SignIn = ReturnType<typeof createSignIn>;

const REFLINK_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789";

export function createSignIn(deps: SignInDeps) {
  const { db, config, mailer, clock, sessions, adminGrants, limiters, registerReferral = async () => false } = deps;
  const units = unitOfWorkOf(db).named("signIn");
  const iso = (ms: number) => new Date(ms).toISOString();
  const sendsPerIp = limiters("code-sends-per-ip", LOGIN_CODE_SENDS_PER_IP, LOGIN_CODE_SEND_WINDOW_MS);
  const verifiesPerIp = limiters("code-verifies-per-ip", LOGIN_VERIFIES_PER_IP, LOGIN_CODE_SEND_WINDOW_MS);

  let pepper: Promise<string> | null = null;
  /** Codes are stored as an HMAC under a per-database secret, so a copied database gives no codes away. */
  async function hashCode(email: string, code: string): Promise<string> {
    pepper ??= units.write("pepper", (tx) => ensureSetting(tx, "login_code_pepper", randomBytes(32).toString("hex")));
    return createHmac("sha256", await pepper).update(`${email}:${code}`).digest("hex");
  }

  /** A reflink nobody has; should two new users draw the same one at once, the unique key refuses the second. */
  async function newReflink(tx: Executor): Promise<string> {
    for (;;) {
      const reflink = Array.from({ length: 8 }, () => REFLINK_ALPHABET[randomInt(REFLINK_ALPHABET.length)]).join("");
      if (!(await reflinkTaken(tx, reflink))) return reflink;
    }
  }

  /** The user of a Telegram profile (verified by initData, or by Telegram itself in the bot), made or refreshed. */
  async function upsertTelegramUser(tx: Executor, profile: TelegramUserProfile): Promise<number> {
    const fields = {
      first_name: profile.first_name,
      last_name: profile.last_name ?? null,
      username: profile.username ?? null,
      ...(profile.photo_url === undefined ? {} : { photo_url: profile.photo_url }),
      ...(profile.language_code === undefined ? {} : { telegram_locale: reduceLanguageTag(profile.language_code) }),
    };
    let existing = await findUserByTelegramId(tx, profile.id);
    if (!existing) {
      const admin = adminGrants.bootstraps({ email: null, telegram_id: profile.id });
      const reflink = await newReflink(tx);
      const id = await insertTelegramUser(tx, { telegram_id: profile.id, photo_url: null, ...fields, reflink, is_admin: admin ? 1 : 0 });
      if (id !== undefined) return id;
      // A sign-in of the same new user beside this one made them first: refresh theirs.
      existing = (await findUserByTelegramId(tx, profile.id))!;
    }
    const admin = adminGrants.bootstraps({ email: existing.email, telegram_id: profile.id });
    await updateUser(tx, existing.id, { ...fields, ...(admin ? { is_admin: 1 as const } : {}) }, iso(clock()));
    return existing.id;
  }

  return {
    /**
     * `/start` in the chat, with or without a referral code: the sender (Telegram vouches for the profile)
     * becomes a user, a customer without orders, or their profile is refreshed: the very user a later sign-in
     * in the mini-app finds by the Telegram id. A code is then registered as their referrer if it may be.
     * Repeating it changes nothing but the profile.
     */
    async joinFromChat(profile: TelegramUserProfile, code?: string): Promise<void> {
      const userId = await units.write("joinFromChat", async (tx) => {
        const userId = await upsertTelegramUser(tx, profile);
        // They wrote to the bot: it may write back (the chat's own hook ran before the user existed).
        await markReachable(tx, profile.id);
        return userId;
      });
      if (code) await registerReferral(userId, code, "chat");
    },

    async signInWithTelegram(initData: string, acceptLanguage?: string | null): Promise<SignInResponse> {
      if (!config.botToken) throw new UnavailableError("TELEGRAM_SIGN_IN_OFF", "Telegram sign-in is not set up on this server.");
      const { user: profile, startParam } = verifyInitData(initData, config.botToken, Math.floor(clock() / 1000), config.initDataMaxAgeS);
      const { userId, token } = await units.write("signInWithTelegram", async (tx) => {
        // initData speaks for the photo: none given is none.
        const userId = await upsertTelegramUser(tx, { ...profile, photo_url: profile.photo_url ?? null });
        // Issue 26: Telegram vouches that the bot may write to them; false or absent keeps what was known.
        if (profile.allows_write_to_pm) await markReachable(tx, profile.id);
        return { userId, token: await sessions.open(tx, userId, "TELEGRAM") };
      });
      await registerReferral(userId, startParam, "telegram");
      return { token, user: await sessions.sessionUser(userId, "TELEGRAM", acceptLanguage) };
    },

    /**
     * Sends a code; answers the same whether or not the address has an account. The code is stored, and the
     * address's limit counted, by one conditional insert before the mail goes out: requests arriving together
     * are counted by the database, so no more mails leave than the limit allows.
     */
    async sendEmailCode(rawEmail: string, ip: string, locale: Locale = DEFAULT_LOCALE): Promise<void> {
      const email = normaliseEmail(rawEmail);
      const sendsWait = await sendsPerIp.take(ip);
      if (sendsWait !== null) throw new RateLimitedError("Too many codes were asked from your network. Please try again later.", sendsWait);
      const code = String(randomInt(10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, "0");
      const codeHash = await hashCode(email, code);
      const codeId = await units.write("sendEmailCode", async (tx) => {
        // Requests for one address count one after the other: the count and the insert are one statement,
        // but two transactions at once would each count without the other's row.
        await lockName(tx, "login-code-sends", email);
        const now = clock();
        return insertLoginCodeWithinLimit(
          tx,
          { email, code_hash: codeHash, ip, created_at: iso(now), expires_at: iso(now + LOGIN_CODE_TTL_MS) },
          { max: LOGIN_CODE_SENDS_PER_ADDRESS, since: iso(now - LOGIN_CODE_SEND_WINDOW_MS) },
        );
      });
      if (codeId === null) {
        const message = "Too many codes were sent to this address. Please wait 10 minutes and try again.";
        throw new RateLimitedError(message, LOGIN_CODE_SEND_WINDOW_MS / 1000);
      }
      try {
        await mailer.send(loginCodeMail(email, code, locale));
      } catch {
        // A mail that did not leave is no code and uses up none of the address's sends.
        await units.write("discardCode", (tx) => deleteLoginCode(tx, codeId));
        throw new UnavailableError("MAIL_FAILED", "We could not send the code. Please try again in a minute.");
      }
    },

    /**
     * Signs in with the newest code sent to the address. Any failure is 'Invalid code!', whatever the reason,
     * so a caller learns nothing about codes or accounts. A signed-in Telegram user verifying an address links it.
     */
    async verifyEmailCode(input: {
      email: string;
      code: string;
      ref?: string | undefined;
      ip: string;
      current: Session | null;
      /** The browser's Accept-Language: the language of the answer's user when they never chose one. */
      acceptLanguage?: string | null | undefined;
    }): Promise<SignInResponse> {
      const email = normaliseEmail(input.email);
      const verifiesWait = await verifiesPerIp.take(input.ip);
      if (verifiesWait !== null) throw new RateLimitedError("Too many attempts from your network. Please try again later.", verifiesWait);
      const invalid = () => new UnauthorizedError("INVALID_CODE", INVALID_CODE);
      const codeHash = await hashCode(email, input.code);
      const outcome = await units.write("verifyEmailCode", async (tx) => {
        const now = clock();
        const latest = await findLatestCode(tx, email);
        if (!latest) return null;
        // Every comparison takes one of the code's tries first. A code that is used, expired or worn out by
        // wrong tries says so: asking again is the way on.
        if (!(await takeCodeTry(tx, latest.id, iso(now), LOGIN_CODE_MAX_WRONG_TRIES))) return { usedUp: true as const };
        const right = isWellFormedCode(input.code) && timingSafeEqual(Buffer.from(latest.code_hash, "hex"), Buffer.from(codeHash, "hex"));
        // A wrong code keeps its try counted (the unit commits: nothing is thrown).
        if (!right) return null;
        if (!(await useCode(tx, latest.id, iso(now)))) return { usedUp: true as const };

        let user: UserRow | undefined = await findUserByEmail(tx, email);
        const linking = input.current?.authType === "TELEGRAM" ? await findUserById(tx, input.current.userId) : undefined;
        if (linking && !linking.email) {
          if (user && user.id !== linking.id) {
            return { conflict: true as const };
          }
          await updateUser(tx, linking.id, { email }, iso(now));
          await claimShopsByAdminEmail(tx, linking.id, email, iso(now));
          user = { ...linking, email };
        }
        let userId: number;
        if (user) {
          userId = user.id;
          await adminGrants.bootstrapAt(tx, user, iso(now));
        } else {
          const admin = adminGrants.bootstraps({ email, telegram_id: null });
          userId = await insertUser(tx, { email, reflink: await newReflink(tx), is_admin: admin ? 1 : 0 });
          // A shop whose admin e-mail this is gets its owner at the owner's first sign-in.
          await claimShopsByAdminEmail(tx, userId, email, iso(now));
        }
        return { userId, token: await sessions.open(tx, userId, "EMAIL") };
      });
      if (outcome === null) throw invalid();
      if ("usedUp" in outcome) throw new UnauthorizedError("CODE_USED_UP", CODE_USED_UP);
      if ("conflict" in outcome) throw new ConflictError("EMAIL_TAKEN", "This e-mail already belongs to another account.");
      await registerReferral(outcome.userId, input.ref, "link");
      return { token: outcome.token, user: await sessions.sessionUser(outcome.userId, "EMAIL", input.acceptLanguage) };
    },
  };
}
