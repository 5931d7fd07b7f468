/** Signs a test customer in through the real Telegram sign-in route (the app needs TEST_BOT_TOKEN). */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { DB } from "../../db/connection";
import { signInitData } from "../../server/services/telegramInitData";
import type { StoreAnswer, StoreRequest } from "./storeRequest";

export const TEST_BOT_TOKEN = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";

/** The mini-app's Telegram sign-in: initData for this user, signed with TEST_BOT_TOKEN at `nowMs`. */
export function telegramSignInRequest(telegramId: number, firstName = "Customer", nowMs = Date.now()): StoreRequest {
  const initData = signInitData(
    { auth_date: String(Math.floor(nowMs / 1000)), user: JSON.stringify({ id: telegramId, first_name: firstName }) },
    TEST_BOT_TOKEN,
  );
  return { method: "POST", url: "/api/auth/telegram", payload: { initData } };
}

/** The session a sign-in answered; a refused sign-in fails the test here. */
export function signedInAs(answer: StoreAnswer): { token: string; userId: number } {
  if (answer.statusCode !== 200) throw new Error(`sign-in failed: ${answer.body}`);
  const { token, user } = answer.json();
  return { token, userId: user.userId };
}

export async function signInCustomer(
  app: FastifyInstance,
  telegramId: number,
  firstName = "Customer",
  nowMs = Date.now(),
): Promise<{ token: string; userId: number }> {
  return signedInAs(await app.inject(telegramSignInRequest(telegramId, firstName, nowMs)));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A user with this e-mail and a live e-mail session, written straight into the database (no mail round trip). */
export async function emailSession(db: DB, email: string): Promise<{ token: string; userId: number }> {
  const { id } = await db
    .insertInto("users")
    .values({ email, reflink: `r${randomBytes(5).toString("hex")}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString("base64url");
  const token_hash = createHash("sha256").update(token).digest("hex");
  await db
    .insertInto("sessions")
    .values({ user_id: id, token_hash, auth_type: "EMAIL", expires_at: "2999-01-01T00:00:00.000Z" })
    .execute();
  return { token, userId: id };
}
