/**
 * Sign-in and sessions (design §2): Telegram initData, e-mail one-time codes, opaque session tokens stored
 * hashed with a sliding 30-day expiry, and the session user every screen starts from.
 */
import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { DB } from "../../db/connection";
import { writerOf } from "../../db/writer";
import {
  bonusBalance,
  countCodesSince,
  deleteLoginCode,
  deleteSession,
  ensureSetting,
  extendSession,
  findLatestCode,
  findLiveSession,
  findUserByEmail,
  findUserById,
  findUserByTelegramId,
  hasActiveOrder,
  insertLoginCode,
  insertSession,
  pruneSessions,
  insertUser,
  recordWrongCode,
  reflinkTaken,
  selectStaffRoles,
  setAdmin,
  updateUser,
  useCode,
  type UserRow,
} from "../../db/repositories/users";
import { claimShopsByAdminEmail } from "../../db/repositories/shops";
import type { Config } from "../config";
import {
  ADMIN_ROLE,
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
  MAX_SESSIONS_PER_USER,
  sessionExpiry,
  slidSessionExpiry,
} from "../domain/auth";
import type { SessionUser, SignInResponse } from "../domain/contracts/auth";
import { ConflictError, NotFoundError, RateLimitedError, UnauthorizedError, UnavailableError } from "../domain/errors";
import { isAllowlisted } from "../domain/shops";
import { loginCodeMail, type Mailer } from "./mailer";
import { createWindowLimiter } from "./rateLimiter";
import { verifyInitData } from "./telegramInitData";

export type AuthConfig = Pick<Config, "botToken" | "initDataMaxAgeS" | "adminEmails" | "adminTelegramIds" | "allowlistEmails" | "homeIconUserId" | "wholesaleUrl">;

export interface AuthDeps {
  db: DB;
  config: AuthConfig;
  mailer: Mailer;
  /** Milliseconds since the epoch; tests move it. */
  clock: () => number;
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
  photo_url?: string | null | undefined;
}

export interface Session {
  sessionId: number;
  userId: number;
  authType: "EMAIL" | "TELEGRAM";
}

export type Auth = ReturnType<typeof createAuth>;

const REFLINK_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789";

function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

export function createAuth({ db, config, mailer, clock, registerReferral = async () => false }: AuthDeps) {
  const reader = writerOf(db);
  const iso = (ms: number) => new Date(ms).toISOString();
  const sendsPerIp = createWindowLimiter(LOGIN_CODE_SENDS_PER_IP, LOGIN_CODE_SEND_WINDOW_MS, clock);
  const verifiesPerIp = createWindowLimiter(LOGIN_VERIFIES_PER_IP, LOGIN_CODE_SEND_WINDOW_MS, clock);

  let pepper: Promise<string> | null = null;
  /** Codes are stored as an HMAC under a per-database secret, so a copied database gives no codes away. */
  async function hashCode(email: string, code: string): Promise<string> {
    pepper ??= ensureSetting(db, "login_code_pepper", randomBytes(32).toString("hex"));
    return createHmac("sha256", await pepper).update(`${email}:${code}`).digest("hex");
  }

  async function newReflink(trx: DB): Promise<string> {
    for (;;) {
      const reflink = Array.from({ length: 8 }, () => REFLINK_ALPHABET[randomInt(REFLINK_ALPHABET.length)]).join("");
      if (!(await reflinkTaken(trx, reflink))) return reflink;
    }
  }

  async function openSession(trx: DB, userId: number, authType: Session["authType"]): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const now = clock();
    await insertSession(trx, {
      user_id: userId,
      token_hash: hashToken(token),
      auth_type: authType,
      created_at: iso(now),
      expires_at: iso(sessionExpiry(now, now)),
    });
    await pruneSessions(trx, userId, MAX_SESSIONS_PER_USER);
    return token;
  }

  async function sessionUser(userId: number, authType: Session["authType"]): Promise<SessionUser> {
    const user = await findUserById(db, userId);
    if (!user) throw new NotFoundError("User");
    const [roles, balance, activeOrder] = await Promise.all([
      selectStaffRoles(db, userId),
      bonusBalance(db, userId),
      hasActiveOrder(db, userId),
    ]);
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
    };
  }

  const bootstrapsAdmin = (user: { email: string | null; telegram_id: number | null }) =>
    (user.email !== null && config.adminEmails.includes(user.email)) ||
    (user.telegram_id !== null && config.adminTelegramIds.includes(user.telegram_id));

  /** The user of a Telegram profile (verified by initData, or by Telegram itself in the bot), made or refreshed. */
  async function upsertTelegramUser(trx: DB, profile: TelegramUserProfile): Promise<number> {
    const fields = { first_name: profile.first_name, last_name: profile.last_name ?? null, username: profile.username ?? null, photo_url: profile.photo_url ?? null };
    const existing = await findUserByTelegramId(trx, profile.id);
    const admin = bootstrapsAdmin({ email: existing?.email ?? null, telegram_id: profile.id });
    if (existing) {
      await updateUser(trx, existing.id, { ...fields, ...(admin ? { is_admin: 1 as const } : {}) }, iso(clock()));
      return existing.id;
    }
    return insertUser(trx, { telegram_id: profile.id, ...fields, reflink: await newReflink(trx), is_admin: admin ? 1 : 0 });
  }

  return {
    sessionUser,

    /**
     * `/start CODE` in the chat: the sender (Telegram vouches for the profile) becomes a user if they are not
     * one yet, and the code is registered as their referrer if it may be. Never fails the chat.
     */
    async joinFromChat(profile: TelegramUserProfile, code: string): Promise<void> {
      const userId = await db.transaction().execute((trx) => upsertTelegramUser(trx, profile));
      await registerReferral(userId, code, "chat");
    },

    async signInWithTelegram(initData: string): Promise<SignInResponse> {
      if (!config.botToken) throw new UnavailableError("TELEGRAM_SIGN_IN_OFF", "Telegram sign-in is not set up on this server.");
      const { user: profile, startParam } = verifyInitData(initData, config.botToken, Math.floor(clock() / 1000), config.initDataMaxAgeS);
      const { userId, token } = await db.transaction().execute(async (trx) => {
        const userId = await upsertTelegramUser(trx, profile);
        return { userId, token: await openSession(trx, userId, "TELEGRAM") };
      });
      await registerReferral(userId, startParam, "telegram");
      return { token, user: await sessionUser(userId, "TELEGRAM") };
    },

    /**
     * Sends a code; answers the same whether or not the address has an account. The code is stored, and the
     * address's limit counted, in one transaction before the mail goes out: requests arriving together are
     * counted one by one, so no more mails leave than the limit allows.
     */
    async sendEmailCode(rawEmail: string, ip: string): Promise<void> {
      const email = normaliseEmail(rawEmail);
      if (!sendsPerIp.hit(ip)) {
        throw new RateLimitedError("Too many codes were asked from your network. Please try again later.", sendsPerIp.retryAfterS(ip));
      }
      const code = String(randomInt(10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, "0");
      const codeHash = await hashCode(email, code);
      const codeId = await db.transaction().execute(async (trx) => {
        const now = clock();
        if ((await countCodesSince(trx, { email }, iso(now - LOGIN_CODE_SEND_WINDOW_MS))) >= LOGIN_CODE_SENDS_PER_ADDRESS) return null;
        return insertLoginCode(trx, { email, code_hash: codeHash, ip, created_at: iso(now), expires_at: iso(now + LOGIN_CODE_TTL_MS) });
      });
      if (codeId === null) {
        throw new RateLimitedError("Too many codes were sent to this address. Please wait 10 minutes and try again.", LOGIN_CODE_SEND_WINDOW_MS / 1000);
      }
      try {
        await mailer.send(loginCodeMail(email, code));
      } catch {
        // A mail that did not leave is no code and uses up none of the address's sends.
        await deleteLoginCode(db, codeId);
        throw new UnavailableError("MAIL_FAILED", "We could not send the code. Please try again in a minute.");
      }
    },

    /**
     * Signs in with the newest code sent to the address. Any failure is 'Invalid code!', whatever the reason,
     * so a caller learns nothing about codes or accounts. A signed-in Telegram user verifying an address links it.
     */
    async verifyEmailCode(input: { email: string; code: string; ref?: string | undefined; ip: string; current: Session | null }): Promise<SignInResponse> {
      const email = normaliseEmail(input.email);
      if (!verifiesPerIp.hit(input.ip)) {
        throw new RateLimitedError("Too many attempts from your network. Please try again later.", verifiesPerIp.retryAfterS(input.ip));
      }
      const invalid = () => new UnauthorizedError("INVALID_CODE", INVALID_CODE);
      const codeHash = await hashCode(email, input.code);
      const outcome = await db.transaction().execute(async (trx) => {
        const now = clock();
        const latest = await findLatestCode(trx, email);
        if (!latest) return null;
        // A code that is used, expired or worn out by wrong tries says so: asking again is the way on.
        if (latest.used_at !== null || latest.expires_at <= iso(now) || latest.failed_attempts >= LOGIN_CODE_MAX_WRONG_TRIES) return { usedUp: true as const };
        const right = isWellFormedCode(input.code) && timingSafeEqual(Buffer.from(latest.code_hash, "hex"), Buffer.from(codeHash, "hex"));
        if (!right) {
          await recordWrongCode(trx, latest.id);
          return null;
        }
        if (!(await useCode(trx, latest.id, iso(now)))) return { usedUp: true as const };

        let user: UserRow | undefined = await findUserByEmail(trx, email);
        const linking = input.current?.authType === "TELEGRAM" ? await findUserById(trx, input.current.userId) : undefined;
        if (linking && !linking.email) {
          if (user && user.id !== linking.id) {
            return { conflict: true as const };
          }
          await updateUser(trx, linking.id, { email }, iso(now));
          await claimShopsByAdminEmail(trx, linking.id, email, iso(now));
          user = { ...linking, email };
        }
        let userId: number;
        if (user) {
          userId = user.id;
          if (user.is_admin === 0 && bootstrapsAdmin(user)) await setAdmin(trx, userId, true, iso(now));
        } else {
          userId = await insertUser(trx, { email, reflink: await newReflink(trx), is_admin: bootstrapsAdmin({ email, telegram_id: null }) ? 1 : 0 });
          // A shop whose admin e-mail this is gets its owner at the owner's first sign-in.
          await claimShopsByAdminEmail(trx, userId, email, iso(now));
        }
        return { userId, token: await openSession(trx, userId, "EMAIL") };
      });
      if (outcome === null) throw invalid();
      if ("usedUp" in outcome) throw new UnauthorizedError("CODE_USED_UP", CODE_USED_UP);
      if ("conflict" in outcome) throw new ConflictError("EMAIL_TAKEN", "This e-mail already belongs to another account.");
      await registerReferral(outcome.userId, input.ref, "link");
      return { token: outcome.token, user: await sessionUser(outcome.userId, "EMAIL") };
    },

    /** The session behind a bearer token, sliding its expiry forward; null when dead or unknown. */
    async authenticate(token: string): Promise<Session | null> {
      const now = clock();
      const session = await reader.read((tx) => findLiveSession(tx, hashToken(token), iso(now)));
      if (!session) return null;
      const slid = slidSessionExpiry(Date.parse(session.created_at), Date.parse(session.expires_at), now);
      if (slid !== null) await extendSession(db, session.id, iso(now), iso(slid));
      return { sessionId: session.id, userId: session.user_id, authType: session.auth_type };
    },

    async logout(token: string): Promise<void> {
      await deleteSession(db, hashToken(token));
    },

    /** For the admin CLI: grants or revokes admin by e-mail or Telegram id. */
    async setAdmin(who: { email: string } | { telegramId: number }, isAdmin: boolean): Promise<UserRow> {
      const user = "email" in who ? await findUserByEmail(db, normaliseEmail(who.email)) : await findUserByTelegramId(db, who.telegramId);
      if (!user) throw new NotFoundError("User", "No user with that e-mail or Telegram id has signed in yet");
      await setAdmin(db, user.id, isAdmin, iso(clock()));
      return { ...user, is_admin: isAdmin ? 1 : 0 };
    },
  };
}
