/** Sign-in and session shapes (spec sections 3 "User session", 7 "Verify code", design §2). */
import { Type, type Static } from "typebox";
import { Text } from "./text";

/** One of LOCALES (server/domain/locale.ts). */
export const LocaleSchema = Type.Union([Type.Literal("en"), Type.Literal("ru"), Type.Literal("th")]);

/**
 * `PUT /api/me/locale`: checked by the route itself, so a wrong value, or none, gets a 400 naming the allowed
 * ones (a schema's "locale is required" would not say which).
 */
export const LocaleBody = Type.Object({ locale: Type.Optional(Type.Unknown()) });
export const LocaleResponse = Type.Object({ locale: LocaleSchema });

/** `PUT /api/me/write-access` (issue 26): the answer to Telegram's requestWriteAccess dialog. */
export const WriteAccessBody = Type.Object({ allowed: Type.Boolean() });
export const WriteAccessResponse = Type.Object({
  writeAccess: Type.Union([Type.Literal("allowed"), Type.Literal("refused")]),
  notices: Type.Union([Type.Literal("on"), Type.Literal("off")]),
});
export type WriteAccessResponse = Static<typeof WriteAccessResponse>;

export const TelegramSignInBody = Type.Object({
  initData: Type.String({ minLength: 1, maxLength: 4096 }),
});

export const EmailCodeBody = Type.Object({
  email: Text({ minLength: 3, maxLength: 254 }),
});

export const EmailVerifyBody = Type.Object({
  email: Text({ minLength: 3, maxLength: 254 }),
  code: Text({ minLength: 1, maxLength: 12 }),
  /** The referral code the browser stored (spec storage key `ref`); registered at this sign-in if it may be. */
  ref: Type.Optional(Text({ maxLength: 64 })),
});

export const ShopRole = Type.Object({
  shop_id: Type.Integer(),
  name: Type.String(),
  role: Type.Union([Type.Literal("owner"), Type.Literal("manager")]),
});

/** The signed-in user as every screen needs it: the spec's User session, filled by the server. */
export const SessionUser = Type.Object({
  userId: Type.Integer(),
  authType: Type.Union([Type.Literal("EMAIL"), Type.Literal("TELEGRAM")]),
  email: Type.Union([Type.String(), Type.Null()]),
  telegram_id: Type.Union([Type.Integer(), Type.Null()]),
  first_name: Type.Union([Type.String(), Type.Null()]),
  last_name: Type.Union([Type.String(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  photo_url: Type.Union([Type.String(), Type.Null()]),
  isAdmin: Type.Boolean(),
  /** 'A' for admins, else null (the spec's adminRole). */
  adminRole: Type.Union([Type.Literal("A"), Type.Null()]),
  /** The shop this user owns (the spec's shop admin), or null. */
  store_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Set when the user manages a shop (the spec's managerData). */
  managerData: Type.Union([Type.Object({ id: Type.Integer(), store_id: Type.Integer() }), Type.Null()]),
  shops: Type.Array(ShopRole),
  /** Own referral code; the referral link is the store's address plus this. */
  ref: Type.String(),
  /** Bonus balance in Baht (1 bonus = 1 Baht). */
  balance: Type.Integer(),
  /** The user has an order that is not done or canceled. */
  isActiveOrder: Type.Boolean(),
  /** One of the spec's two allow-listed accounts (Personal/Store switch, shop management, wholesale). */
  isAllowlisted: Type.Boolean(),
  canSetHomeIcon: Type.Boolean(),
  /** The wholesale store's address (WHOLESALE_URL) for shop owners and allow-listed accounts; null for anyone else or when unset. */
  wholesaleUrl: Type.Union([Type.String(), Type.Null()]),
  /** The language in effect (issue 24): the user's stored choice, else Telegram's, else the browser's. */
  locale: LocaleSchema,
  // ---- g-write ----
  /** Issue 26: whether the bot may write to the user as far as the store knows (null: unknown). */
  writeAccess: Type.Union([Type.Literal("allowed"), Type.Literal("refused"), Type.Null()]),
  /** Whether their notices reach them in Telegram: off when they refused or blocked the bot; null without Telegram. */
  notices: Type.Union([Type.Literal("on"), Type.Literal("off"), Type.Null()]),
});
export type SessionUser = Static<typeof SessionUser>;

export const SignInResponse = Type.Object({ token: Type.String(), user: SessionUser });
export type SignInResponse = Static<typeof SignInResponse>;

export const MeResponse = Type.Object({ user: SessionUser });
export type MeResponse = Static<typeof MeResponse>;

export const SuccessResponse = Type.Object({ success: Type.Literal(true) });
