/** Signs a test customer in through the real Telegram sign-in route (the app needs TEST_BOT_TOKEN). */
import type { FastifyInstance } from "fastify";
import { signInitData } from "../../server/services/telegramInitData";

export const TEST_BOT_TOKEN = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";

export async function signInCustomer(
  app: FastifyInstance,
  telegramId: number,
  firstName = "Customer",
  nowMs = Date.now(),
): Promise<{ token: string; userId: number }> {
  const initData = signInitData(
    { auth_date: String(Math.floor(nowMs / 1000)), user: JSON.stringify({ id: telegramId, first_name: firstName }) },
    TEST_BOT_TOKEN,
  );
  const res = await app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const { token, user } = res.json();
  return { token, userId: user.userId };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
