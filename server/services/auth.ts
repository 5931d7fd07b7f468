/**
 * Sign-in, sessions and admin grants as one object, for the callers that take them together (the HTTP app's
 * auth routes, the admin CLI). Each lives in its own module: ./signIn.ts, ./sessions.ts, ./adminGrants.ts.
 */
import type { DB } from "../../db/connection";
import type { Config } from "../config";
import { createAdminGrants } from "./adminGrants";
import type { Mailer } from "./mailer";
import { createSessions } from "./sessions";
import { createSignIn, type SignInDeps } from "./signIn";

export type { Session } from "./sessions";
export type { ReferralVia, TelegramUserProfile } from "./signIn";

export type AuthConfig = Pick<
  Config,
  "botToken" | "initDataMaxAgeS" | "adminEmails" | "adminTelegramIds" | "allowlistEmails" | "homeIconUserId" | "wholesaleUrl"
>;

export interface AuthDeps {
  db: DB;
  config: AuthConfig;
  mailer: Mailer;
  /** Milliseconds since the epoch; tests move it. */
  clock: () => number;
  registerReferral?: SignInDeps["registerReferral"];
  limiters: SignInDeps["limiters"];
}

export type Auth = ReturnType<typeof createAuth>;

export function createAuth({ db, config, mailer, clock, registerReferral, limiters }: AuthDeps) {
  const sessions = createSessions({ db, config, clock });
  const adminGrants = createAdminGrants({ db, config, clock });
  const deps = { db, config, mailer, clock, sessions, adminGrants, limiters };
  const signIn = createSignIn({ ...deps, ...(registerReferral ? { registerReferral } : {}) });
  return {
    sessionUser: sessions.sessionUser,
    chooseLocale: sessions.chooseLocale,
    answerWriteAccess: sessions.answerWriteAccess,
    joinFromChat: signIn.joinFromChat,
    signInWithTelegram: signIn.signInWithTelegram,
    sendEmailCode: signIn.sendEmailCode,
    verifyEmailCode: signIn.verifyEmailCode,
    authenticate: sessions.authenticate,
    logout: sessions.logout,
    setAdmin: adminGrants.setAdmin,
  };
}
