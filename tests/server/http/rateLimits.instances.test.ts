/**
 * Rate limits with several API instances (issue 22). On PostgreSQL two apps, each with its own set of services
 * (createServices) and its own connection pool, run on one database, as two `npm run start:api` processes
 * would: one session's writes, one address's sign-ins and one address's code sends and verifies, spread over
 * both, are refused at the configured number, not at twice it. The counts live in the database
 * (`rate_limit_counts`, one upsert per hit).
 *
 * On SQLite the store is one process serving HTTP (the worker serves no API), so there is no second instance to
 * spread over: the same calls go to the one app, whose counters are in its memory, and must give the same
 * answers. Only the second instance is left out there; every test runs on both engines.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { rm } from "node:fs/promises";
import { openPostgres, type DB } from "../../../db/connection";
import { seedDemo } from "../../../db/seed/demo";
import { LOGIN_CODE_SENDS_PER_IP, LOGIN_VERIFIES_PER_IP } from "../../../server/domain/auth";
import { loadConfig, type Config } from "../../../server/config";
import type { Mailer } from "../../../server/services/mailer";
import { signInitData } from "../../../server/services/telegramInitData";
import { appOn, makeTempDir, ON_POSTGRES, postgresTestDatabaseUrl, testDatabase, UNLIMITED } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const NOW = Date.parse("2026-11-24T03:00:00.000Z");
let now = NOW;
let instances: FastifyInstance[] = [];
let databases: DB[] = [];
let dataDir: string;
let mails: string[] = [];
const mailer: Mailer = { send: async (mail) => void mails.push(mail.to) };

/** The store as it runs on this engine: two API instances on one PostgreSQL database, or SQLite's one process. */
async function open(env: Record<string, string>): Promise<FastifyInstance[]> {
  now = NOW;
  mails = [];
  dataDir = await makeTempDir();
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, BOT_TOKEN: TEST_BOT_TOKEN, ...UNLIMITED, ...env }),
    webappDir: null,
  };
  if (ON_POSTGRES) {
    const url = await postgresTestDatabaseUrl();
    databases = [openPostgres(url), openPostgres(url)];
    await seedDemo(databases[0]!, { uploadsDir: null });
  } else {
    databases = [await testDatabase(true)];
  }
  instances = await Promise.all(databases.map((db) => appOn(config, db, { clock: () => now, mailer })));
  return instances;
}

afterEach(async () => {
  for (const app of instances) await app.close();
  for (const db of databases) await db.destroy();
  instances = [];
  databases = [];
  await rm(dataDir, { recursive: true, force: true });
});

/** The instance the i-th call goes to: round robin, as the proxy sends them. */
const at = (i: number) => instances[i % instances.length]!;

it("runs two instances on PostgreSQL and one process on SQLite", async () => {
  await open({});
  expect(instances).toHaveLength(ON_POSTGRES ? 2 : 1);
});

describe("writes of one session", () => {
  beforeEach(() => open({ RATE_LIMIT_WRITES_PER_MINUTE: "5" }).then(() => undefined));

  const write = (i: number, token: string) => at(i).inject({ method: "PUT", url: "/api/wishlist/1", headers: bearer(token) });

  it("alternating between the instances, are refused after the configured number, with Retry-After", async () => {
    const alice = await signInCustomer(at(0), 9001, "Alice", now);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await write(i, alice.token));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers[5]!.json()).toMatchObject({ error: "TOO_MANY_REQUESTS" });
    expect(Number(answers[6]!.headers["retry-after"])).toBe(60);
    // Another session has its own count, on every instance.
    const bob = await signInCustomer(at(1), 9002, "Bob", now);
    expect((await write(1, bob.token)).statusCode).toBe(200);
    expect((await write(2, bob.token)).statusCode).toBe(200);
  });

  it("sent all at once to both instances, pass exactly the configured number", async () => {
    const alice = await signInCustomer(at(0), 9001, "Alice", now);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => write(i, alice.token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(15);
  });

  it("are allowed again once the window has ended", async () => {
    const alice = await signInCustomer(at(0), 9001, "Alice", now);
    for (let i = 0; i < 6; i++) await write(i, alice.token);
    expect((await write(6, alice.token)).statusCode).toBe(429);
    now += 60_000;
    const again = [];
    for (let i = 0; i < 6; i++) again.push((await write(i, alice.token)).statusCode);
    expect(again).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("sign-in calls of one address", () => {
  beforeEach(() => open({ RATE_LIMIT_SIGNINS_PER_MINUTE: "4" }).then(() => undefined));

  it("alternating between the instances, are refused after the configured number", async () => {
    const initData = signInitData(
      { auth_date: String(Math.floor(now / 1000)), user: JSON.stringify({ id: 9100, first_name: "S" }) },
      TEST_BOT_TOKEN,
    );
    const codes = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await at(i).inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe("e-mail codes asked from one network", () => {
  beforeEach(() => open({}).then(() => undefined));

  const askCode = (i: number, email: string, ip: string) =>
    at(i).inject({ method: "POST", url: "/api/auth/email/code", payload: { email }, remoteAddress: ip });
  const verify = (i: number, email: string, ip: string) =>
    at(i).inject({ method: "POST", url: "/api/auth/email/verify", payload: { email, code: "000000" }, remoteAddress: ip });

  it(`alternating between the instances, send ${LOGIN_CODE_SENDS_PER_IP} codes to different addresses, then refuse`, async () => {
    const answers = [];
    for (let i = 0; i < LOGIN_CODE_SENDS_PER_IP + 3; i++) answers.push(await askCode(i, `visitor${i}@samui.example`, "198.51.100.7"));
    expect(answers.map((a) => a.statusCode)).toEqual([
      ...Array<number>(LOGIN_CODE_SENDS_PER_IP).fill(200),
      ...Array<number>(3).fill(429),
    ]);
    expect(answers.at(-1)!.json().message).toBe("Too many codes were asked from your network. Please try again later.");
    expect(Number(answers.at(-1)!.headers["retry-after"])).toBeGreaterThan(0);
    expect(mails).toHaveLength(LOGIN_CODE_SENDS_PER_IP);
    // Another network is counted apart.
    expect((await askCode(1, "elsewhere@samui.example", "198.51.100.8")).statusCode).toBe(200);
  });

  it(`sent all at once to both instances, send exactly ${LOGIN_CODE_SENDS_PER_IP} codes`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 2 * LOGIN_CODE_SENDS_PER_IP }, (_, i) => askCode(i, `crowd${i}@samui.example`, "198.51.100.9")),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(LOGIN_CODE_SENDS_PER_IP);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(LOGIN_CODE_SENDS_PER_IP);
    expect(mails).toHaveLength(LOGIN_CODE_SENDS_PER_IP);
  });

  it(`alternating between the instances, verify ${LOGIN_VERIFIES_PER_IP} times, then refuse`, async () => {
    const codes = [];
    for (let i = 0; i < LOGIN_VERIFIES_PER_IP + 2; i++) {
      codes.push((await verify(i, `guess${i}@samui.example`, "198.51.100.10")).statusCode);
    }
    expect(codes).toEqual([...Array<number>(LOGIN_VERIFIES_PER_IP).fill(401), 429, 429]);
  });
});
