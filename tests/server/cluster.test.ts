/**
 * `npm run cluster` as an operator runs it (issue 22): PostgreSQL, two API instances, a worker and Caddy in
 * front over HTTPS with its local CA, as one child process of the test. The mini-app loads through Caddy in
 * Chromium and a customer orders there; the worker pushes the order to the shop's manager (a fake Bot API on
 * loopback); one API instance stopped under load fails no request; SIGINT stops it all, PostgreSQL last.
 * Without Caddy the cluster refuses with the install command, and so this file fails: it never skips.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { dirname } from "node:path";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInitData } from "../../server/services/telegramInitData";
import { launchChromium, PHONE } from "../helpers/browser";
import { startFakeBotApi, type FakeBotApi } from "../helpers/fakeBotApi";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { recordTelegramEvents, telegramLaunchUrl } from "../helpers/telegramWebview";
import { freePort } from "../../scripts/freePort";

const WEBHOOK_SECRET = "cluster-test-secret";
const ADMIN_TELEGRAM_ID = 9001;
const MANAGER_TELEGRAM_ID = 2001;
const CUSTOMER_TELEGRAM_ID = 3003;

interface Running {
  pid: number;
  address: string;
}

let fake: FakeBotApi;
let cluster: ChildProcess;
let output = "";
let exited: Promise<number | null>;
let url: string;
let port: number;
let agent: Agent;
let browser: Browser | undefined;
/** api-1, api-2, worker and caddy, as the cluster announced them. */
const processes = new Map<string, Running>();
let caddyfile: string;
let databaseUrl: string;
let caPath: string;
/** Live-update streams a test opened: ended after the file. */
const streams: { destroy(): void }[] = [];


/** One HTTPS request through Caddy, trusting only the cluster's local CA. */
function call(
  method: string,
  path: string,
  { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method,
        agent,
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function json<T>(method: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<T> {
  const res = await call(method, path, options);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

function initDataOf(telegramId: number, firstName: string): string {
  return signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: telegramId, first_name: firstName }) },
    TEST_BOT_TOKEN,
  );
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  port = await freePort();
  cluster = spawn(process.execPath, ["--import", "tsx", "scripts/cluster.ts"], {
    env: {
      ...process.env,
      CLUSTER_PORT: String(port),
      LOG_LEVEL: "warn",
      BOT_TOKEN: TEST_BOT_TOKEN,
      // Webhook mode: the worker tells Telegram (the fake) to post to the cluster's /telegram/webhook.
      BOT_MODE: "webhook",
      BOT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TELEGRAM_API_ROOT: fake.apiRoot,
      ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cluster.stdout!.on("data", (d) => (output += d));
  cluster.stderr!.on("data", (d) => (output += d));
  exited = new Promise((resolve) => cluster.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    cluster.stdout!.on("data", () => {
      if (/^cluster: ready: /m.test(output)) resolve();
    });
    // Caddy missing: the cluster's own message ("apt-get install -y caddy") is the failure.
    void exited.then((code) => reject(new Error(`npm run cluster exited (${code}) before it was ready:\n${output}`)));
  });
  for (const [, name, pid, address] of output.matchAll(/^cluster: (api-\d|worker|caddy) pid=(\d+) (\S+)/gm)) {
    processes.set(name!, { pid: Number(pid), address: address! });
  }
  caddyfile = /\(Caddyfile (\S+); local CA (\S+)\)/.exec(output)![1]!;
  const caFile = /\(Caddyfile (\S+); local CA (\S+)\)/.exec(output)![2]!;
  caPath = caFile;
  databaseUrl = /^cluster: postgresql .* at (\S+)/m.exec(output)![1]!;
  url = `https://localhost:${port}`;
  agent = new Agent({ ca: readFileSync(caFile), keepAlive: true, maxSockets: 20 });
}, 180_000);

afterAll(async () => {
  for (const stream of streams) stream.destroy();
  await browser?.close();
  agent?.destroy();
  if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
    // A failed test: stop it as an operator would, and leave nothing running if that does not work.
    cluster.kill("SIGTERM");
    const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("late"), 40_000))]);
    if (stopped === "late") {
      cluster.kill("SIGKILL");
      for (const { pid } of processes.values()) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    }
  }
  await fake?.close();
}, 60_000);

describe("npm run cluster", () => {
  it("runs two API instances and a worker behind Caddy: the mini-app over HTTPS, /telegram/webhook to the worker", async () => {
    expect([...processes.keys()].sort()).toEqual(["api-1", "api-2", "caddy", "worker"]);
    expect(processes.get("caddy")!.address).toBe(url);

    const home = await call("GET", "/");
    expect(home.status).toBe(200);
    expect(home.headers.server).toBe("Caddy");
    expect(home.text).toContain('<div id="root">');
    expect(await json("GET", "/api/ready")).toEqual({ status: "ready" });

    // The worker alone serves the webhook (an API instance answers 404: tests/server/processes.test.ts); a
    // wrong secret is its 401.
    const webhook = await call("POST", "/telegram/webhook", {
      body: { update_id: 1 },
      headers: { "x-telegram-bot-api-secret-token": "no" },
    });
    expect(webhook.status).toBe(401);
    expect(fake.callsOf("setWebhook")).toEqual([expect.objectContaining({ url: `${url}/telegram/webhook` })]);
  });

  // ---- g-live ----
  it("passes a live-updates stream through Caddy as each event is written, uncompressed (issue 26)", async () => {
    const customer = await json<{ token: string }>("POST", "/api/auth/telegram", { body: { initData: initDataOf(3_026, "Live") } });
    let text = "";
    const arrived: (() => void)[] = [];
    const until = (pattern: string, ms: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${JSON.stringify(pattern)} within ${ms} ms; got ${JSON.stringify(text)}`)), ms);
        const check = () => text.includes(pattern) && (clearTimeout(timer), resolve(), true);
        if (!check()) arrived.push(() => void check());
      });
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request(
        `${url}/api/events`,
        // A connection of its own (the shared agent's sockets stay for the calls), trusting the cluster's CA.
        { agent: false, ca: readFileSync(caPath), headers: { authorization: `Bearer ${customer.token}`, "accept-encoding": "gzip, br" } },
        (res) => {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
            for (const wake of arrived) wake();
          });
          res.on("error", () => undefined);
          resolve(res.headers);
        },
      );
      req.on("error", reject);
      req.end();
      streams.push(req);
    });
    expect(headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(headers["content-encoding"]).toBeUndefined();
    await until("event: ready", 5000);
    const { products } = await json<{ products: { id: number; stock: Record<string, unknown> }[] }>("GET", "/api/products");
    const shopId = Number(Object.keys(products[0]!.stock)[0]);
    const placed = await call("POST", "/api/orders", {
      token: customer.token,
      headers: { "idempotency-key": "cluster-live-1" },
      body: { shop_id: shopId, items: [{ product_id: products[0]!.id, option_id: 0, amount: 1 }], delivery_option: 1, payment_option: 1 },
    });
    expect(placed.status, placed.text).toBe(201);
    const { id } = (JSON.parse(placed.text) as { order: { id: number } }).order;
    await until(`event: order\ndata: {"id":${id}}`, 2000);
  });

  it("a customer orders in Chromium through Caddy, and the worker pushes the order to the shop's manager", async () => {
    // The admin (ADMIN_TELEGRAM_IDS) makes a manager of Nathon Pier, over the same HTTPS.
    const signIn = (telegramId: number, name: string) =>
      json<{ token: string }>("POST", "/api/auth/telegram", { body: { initData: initDataOf(telegramId, name) } });
    const admin = await signIn(ADMIN_TELEGRAM_ID, "Admin");
    // Staff are people who have signed in once (and so have a chat with the bot).
    await signIn(MANAGER_TELEGRAM_ID, "Somchai");
    const { shops } = await json<{ shops: { id: number; name: string }[] }>("GET", "/api/shops");
    const nathon = shops.find((shop) => shop.name === "Nathon Pier")!;
    await json("POST", `/api/admin/shops/${nathon.id}/staff`, {
      token: admin.token,
      body: { telegram_id: MANAGER_TELEGRAM_ID, role: "manager" },
    });

    browser = await launchChromium();
    // Caddy's local CA is not Chromium's: the certificate is checked by the HTTPS calls above instead.
    const context = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true });
    await context.addInitScript(() => {
      sessionStorage.setItem("age-preset", "1");
      localStorage.setItem("year_confirm_fr", "1");
    });
    await recordTelegramEvents(context);
    const page = await context.newPage();
    await page.goto(telegramLaunchUrl(url, "/", initDataOf(CUSTOMER_TELEGRAM_ID, "Malee")));
    await page.getByTestId("balance-chip").waitFor();
    const card = page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name: "Durban Poison", exact: true }) });
    await card.getByTestId("add-to-order").click();
    await page.getByTestId("store-choice").filter({ hasText: "Nathon Pier" }).click();
    await expect.poll(() => card.getByTestId("add-to-order").textContent()).toBe("Ordered");
    await page.getByTestId("nav-cart").click();
    await page.getByTestId("cart-shop").first().waitFor();
    // Inside Telegram, Place order is Telegram's MainButton.
    await page.evaluate(() =>
      (window as unknown as { Telegram: { WebView: { receiveEvent: (type: string) => void } } }).Telegram.WebView.receiveEvent(
        "main_button_pressed",
      ),
    );
    await page.waitForURL(/\/order\/\d+\?first=Y$/);
    const orderId = Number(/\/order\/(\d+)/.exec(page.url())![1]);
    expect(await page.getByTestId("order-store-name").textContent()).toBe("Nathon Pier");

    const [push] = await fake.waitFor("sendMessage", { where: (params) => params.chat_id === MANAGER_TELEGRAM_ID, timeoutMs: 20_000 });
    expect(push!.text).toContain(`#${orderId}`);
    // Its buttons open the order on the cluster's public address (PUBLIC_URL, set by the cluster).
    expect(JSON.stringify(push!.reply_markup)).toContain(`${url}/`);
    await context.close();
  });

  it("one API instance stopped with SIGTERM under load: no request fails", async () => {
    const api1 = processes.get("api-1")!;
    const answers = new Map<string, number>();
    const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
    const started = Date.now();
    const until = started + 5_000;
    const stop = setTimeout(() => process.kill(api1.pid, "SIGTERM"), 1_500);
    // 20 clients on kept-alive connections to Caddy, as many phones polling the catalogue.
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) {
          const answer = await call("GET", "/api/products").then(
            (res) => String(res.status),
            (error: Error) => `error: ${error.message}`,
          );
          count(answer);
        }
      }),
    );
    clearTimeout(stop);

    // What Caddy said of a failed one (its errors name the upstream and the reason) goes with a failure.
    const caddyErrors = output.split("\n").filter((line) => line.startsWith("[caddy]") && line.includes('"level":"error"'));
    expect(Object.fromEntries(answers), caddyErrors.join("\n")).toEqual({ "200": expect.any(Number) });
    expect(answers.get("200")).toBeGreaterThan(100);
    await expect.poll(() => output, { timeout: 15_000 }).toMatch(/^cluster: api-1 exited \(code 0\); the other processes go on$/m);
    expect(isAlive(api1.pid)).toBe(false);
    expect(await json("GET", "/api/ready")).toEqual({ status: "ready" });
  });

  it("SIGINT (Ctrl-C) stops Caddy, then the store's processes, then PostgreSQL, removes its files and exits 0", async () => {
    cluster.kill("SIGINT");
    expect(await exited).toBe(0);
    const stops = ["caddy stopped", "api-2 stopped", "worker stopped", "postgresql stopped", "stopped"].map((what) =>
      output.search(new RegExp(`^cluster: ${what}`, "m")),
    );
    expect(stops.every((at) => at >= 0), output).toBe(true);
    expect(stops[0]).toBeLessThan(Math.min(stops[1]!, stops[2]!));
    expect(stops[3]).toBeGreaterThan(Math.max(stops[1]!, stops[2]!));
    for (const { pid } of processes.values()) expect(isAlive(pid)).toBe(false);
    expect(existsSync(dirname(caddyfile))).toBe(false);
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
    await expect(client.connect()).rejects.toThrow();
  });
});
