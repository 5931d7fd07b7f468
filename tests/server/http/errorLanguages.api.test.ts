/**
 * The error texts no rule of the shop throws, in the caller's language: the 500, a schema's limits with
 * Russian plural forms, Fastify's body limit, the rate limit's 429; and the code mail in the language of the
 * request that asked for it. English stays exactly as it was.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appOn, makeTestStore, type TestStore } from "../../helpers/app";
import { Text } from "../../../server/domain/contracts/text";
import type { Mail } from "../../../server/services/mailer";

let store: TestStore;

beforeAll(async () => {
  store = await makeTestStore({ seed: false });
  store.app.get("/api/test-failure", { config: { access: "public" } }, async () => {
    throw new Error("secret stack detail");
  });
  store.app.get("/api/test-database-down", { config: { access: "public" } }, async () => {
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  });
  store.app.post(
    "/api/test-note",
    {
      config: { access: "public" },
      schema: { body: Type.Object({ note: Text({ maxLength: 21 }), tags: Type.Array(Type.String(), { minItems: 2 }) }) },
    },
    async () => ({ ok: true }),
  );
});
afterAll(() => store.close());

const inLanguage = (lang: string | null) => (lang ? { "accept-language": lang } : {});

describe("errors outside the shop's rules", () => {
  it("the 500 is said in the caller's language and still hides the details", async () => {
    const answer = async (lang: string | null) =>
      (await store.app.inject({ method: "GET", url: "/api/test-failure", headers: inLanguage(lang) })).json();
    expect(await answer(null)).toEqual({ error: "INTERNAL_ERROR", message: "Something went wrong on our side. Please try again later." });
    expect(await answer("ru")).toEqual({ error: "INTERNAL_ERROR", message: "У нас что-то пошло не так. Пожалуйста, попробуйте позже." });
    expect(await answer("th")).toEqual({ error: "INTERNAL_ERROR", message: "ระบบของเราขัดข้อง โปรดลองใหม่ภายหลัง" });
  });

  it("the 503 of a database that cannot be reached, per language, with its Retry-After", async () => {
    const answer = (lang: string | null) => store.app.inject({ method: "GET", url: "/api/test-database-down", headers: inLanguage(lang) });
    const thai = await answer("th");
    expect(thai.statusCode).toBe(503);
    expect(thai.headers["retry-after"]).toBe("5");
    const message = "ขณะนี้ร้านเชื่อมต่อฐานข้อมูลไม่ได้ โปรดลองใหม่อีกครั้งในอีกสักครู่";
    expect(thai.json()).toEqual({ error: "DATABASE_UNAVAILABLE", message });
    expect((await answer(null)).json()).toEqual({
      error: "DATABASE_UNAVAILABLE",
      message: "The store cannot reach its database right now. Please try again in a moment.",
    });
  });

  it("a schema's limits: ajv's English unchanged, Russian with its plural forms, Thai without", async () => {
    const post = async (lang: string | null, payload: object) =>
      (await store.app.inject({ method: "POST", url: "/api/test-note", headers: inLanguage(lang), payload })).json().message;
    const long = { note: "x".repeat(22), tags: ["a", "b"] };
    expect(await post(null, long)).toBe("note must NOT have more than 21 characters");
    expect(await post("ru", long)).toBe("note: не больше 21 символа");
    expect(await post("th", long)).toBe("note ยาวได้ไม่เกิน 21 ตัวอักษร");
    const few = { note: "x", tags: ["a"] };
    expect(await post(null, few)).toBe("tags must NOT have fewer than 2 items");
    expect(await post("ru", few)).toBe("tags: не меньше 2 элементов");
    expect(await post("ru", { tags: ["a", "b"] })).toBe("Поле note обязательно");
    expect(await post(null, { tags: ["a", "b"] })).toBe("note is required");
    const twoLines = { note: "a\nb", tags: ["a", "b"] };
    expect(await post(null, twoLines)).toBe("note must be one line of plain text");
    expect(await post("ru", twoLines)).toBe("note: нужна одна строка простого текста");
    expect(await post("th", twoLines)).toBe("note ต้องเป็นข้อความธรรมดาบรรทัดเดียว");
  });

  it("a body over the limit: Fastify's 413 in Russian", async () => {
    const payload = JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) });
    const send = (lang: string | null) =>
      store.app.inject({
        method: "POST",
        url: "/api/auth/email/code",
        headers: { "content-type": "application/json", ...inLanguage(lang) },
        payload,
      });
    const russian = await send("ru");
    expect(russian.statusCode).toBe(413);
    expect(russian.json()).toEqual({ error: "FST_ERR_CTP_BODY_TOO_LARGE", message: "Слишком большой запрос" });
    expect((await send(null)).json()).toEqual({ error: "FST_ERR_CTP_BODY_TOO_LARGE", message: "Request body is too large" });
  });
});

describe("the rate limit's 429", () => {
  let limited: TestStore;
  beforeAll(async () => {
    limited = await makeTestStore({ seed: false, env: { RATE_LIMIT_SIGNINS_PER_MINUTE: "1" } });
  });
  afterAll(() => limited.close());

  it("says how long to wait in Thai, and in English as before", async () => {
    const ask = (lang: string | null) =>
      limited.app.inject({
        method: "POST",
        url: "/api/auth/email/code",
        headers: inLanguage(lang),
        payload: { email: "not an address" },
      });
    expect((await ask("th")).statusCode).toBe(400);
    const thai = await ask("th");
    expect(thai.statusCode).toBe(429);
    const waitInThai = /^มีคำขอมากเกินไป โปรดรอ \d+ วินาทีแล้วลองใหม่$/;
    expect(thai.json()).toEqual({ error: "TOO_MANY_REQUESTS", message: expect.stringMatching(waitInThai) });
    const english = await ask(null);
    const waitInEnglish = /^Too many requests\. Please wait \d+ s and try again\.$/;
    expect(english.json()).toEqual({ error: "TOO_MANY_REQUESTS", message: expect.stringMatching(waitInEnglish) });
  });
});

describe("the code mail", () => {
  const mails: Mail[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appOn(store.config, store.db, { mailer: { send: async (mail) => void mails.push(mail) } });
  });
  afterAll(() => app.close());

  async function mailFor(email: string, lang: string | null): Promise<{ mail: Mail; code: string }> {
    const res = await app.inject({ method: "POST", url: "/api/auth/email/code", headers: inLanguage(lang), payload: { email } });
    expect(res.statusCode).toBe(200);
    const mail = mails.find((m) => m.to === email)!;
    return { mail, code: /\d{6}/.exec(mail.subject)![0] };
  }

  it("is in English, word for word as before, when nothing asks otherwise", async () => {
    const { mail, code } = await mailFor("en@samui.example", null);
    expect(mail.subject).toBe(`Your Koh Samui Store code: ${code}`);
    expect(mail.text).toBe(
      `Your login code is ${code}.\n\n` +
        "It works once, for 10 minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.",
    );
  });

  it("is in Russian for a request in Russian, subject and body", async () => {
    const { mail, code } = await mailFor("ru@samui.example", "ru-RU,ru;q=0.9");
    expect(mail.subject).toBe(`Ваш код для Koh Samui Store: ${code}`);
    expect(mail.text).toContain(`Ваш код для входа: ${code}.`);
    expect(mail.text).toContain("в течение 10 минут.");
    expect(mail.text).not.toMatch(/login|minutes|e-mail/);
  });

  it("is in Thai for a request in Thai", async () => {
    const { mail, code } = await mailFor("th@samui.example", "th");
    expect(mail.subject).toBe(`รหัสของคุณสำหรับ Koh Samui Store: ${code}`);
    expect(mail.text).toContain(`รหัสเข้าสู่ระบบของคุณคือ ${code}`);
    expect(mail.text).toContain("ภายใน 10 นาที");
  });
});
