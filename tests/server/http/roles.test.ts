import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../../db/connection";
import { makeTestStore, makeTempDir, type TestStore } from "../../helpers/app";

const run = promisify(execFile);
let store: TestStore;

async function tokenFor(userId: number): Promise<string> {
  const { createHash, randomBytes } = await import("node:crypto");
  const token = randomBytes(32).toString("base64url");
  await store.db
    .insertInto("sessions")
    .values({
      user_id: userId,
      token_hash: createHash("sha256").update(token).digest("hex"),
      auth_type: "EMAIL",
      expires_at: "2999-01-01T00:00:00.000Z",
    })
    .execute();
  return token;
}

beforeAll(async () => {
  store = await makeTestStore({ seed: false });
  store.app.get("/api/test-admin-only", { config: { access: "admin" } }, async () => ({ ok: true }));
});
afterAll(async () => {
  await store.close();
});

describe("the admin guard", () => {
  it("answers a visitor 401, a customer 403 'Отказано в доступе.', an admin 200", async () => {
    const customer = await store.db
      .insertInto("users")
      .values({ email: "c@samui.example", reflink: "cust0001" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const admin = await store.db
      .insertInto("users")
      .values({ email: "a@samui.example", reflink: "admn0001", is_admin: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const call = (token?: string) =>
      store.app.inject({ method: "GET", url: "/api/test-admin-only", headers: token ? { authorization: `Bearer ${token}` } : {} });

    expect((await call()).statusCode).toBe(401);
    const denied = await call(await tokenFor(customer.id));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "FORBIDDEN", message: "Отказано в доступе." });
    expect((await call(await tokenFor(admin.id))).json()).toEqual({ ok: true });
  });
});

describe("npm run admin", () => {
  it("grants and revokes admin on the database in DATA_DIR, and explains a mistake", async () => {
    const dataDir = await makeTempDir("admin-cli-");
    const db = openDatabase(join(dataDir, "store.sqlite"));
    await migrateToLatest(db);
    await db.insertInto("users").values({ telegram_id: 4242, reflink: "tele4242" }).execute();
    await db.destroy();
    const cli = (...args: string[]) =>
      run("npx", ["tsx", "scripts/admin.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" } }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );

    expect(await cli("grant", "--telegram", "4242")).toMatchObject({ code: 0, out: expect.stringContaining("is now an admin") });
    const check = openDatabase(join(dataDir, "store.sqlite"));
    expect((await check.selectFrom("users").select("is_admin").executeTakeFirstOrThrow()).is_admin).toBe(1);
    expect(await cli("revoke", "--telegram", "4242")).toMatchObject({ code: 0, out: expect.stringContaining("no longer an admin") });
    expect((await check.selectFrom("users").select("is_admin").executeTakeFirstOrThrow()).is_admin).toBe(0);
    await check.destroy();

    expect(await cli("grant", "--email", "nobody@samui.example")).toMatchObject({
      code: 1,
      out: expect.stringContaining("has signed in yet"),
    });
    expect(await cli("promote")).toMatchObject({ code: 64, out: expect.stringContaining("usage:") });
  });

  it("staff add|remove makes a signed-in user a shop's manager or owner, and takes it back", async () => {
    const dataDir = await makeTempDir("staff-cli-");
    const db = openDatabase(join(dataDir, "store.sqlite"));
    await migrateToLatest(db);
    const { id: shopId } = await db.insertInto("shops").values({ name: "Chaweng" }).returning("id").executeTakeFirstOrThrow();
    const { id: userId } = await db
      .insertInto("users")
      .values({ email: "mali@samui.example", reflink: "mali0001" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.destroy();
    const cli = (...args: string[]) =>
      run("npx", ["tsx", "scripts/admin.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" } }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    const staffRows = async () => {
      const check = openDatabase(join(dataDir, "store.sqlite"));
      const rows = await check.selectFrom("shop_staff").select(["shop_id", "user_id", "role"]).execute();
      await check.destroy();
      return rows;
    };

    expect(await cli("staff", "add", "--shop", String(shopId), "--email", "Mali@samui.example")).toMatchObject({
      code: 0,
      out: expect.stringContaining("is now a manager of shop"),
    });
    expect(await staffRows()).toEqual([{ shop_id: shopId, user_id: userId, role: "manager" }]);
    expect(await cli("staff", "add", "--shop", String(shopId), "--role", "owner", "--email", "mali@samui.example")).toMatchObject({
      code: 0,
    });
    expect(await staffRows()).toEqual([{ shop_id: shopId, user_id: userId, role: "owner" }]);
    expect(await cli("staff", "add", "--shop", String(shopId), "--role", "boss", "--email", "mali@samui.example")).toMatchObject({
      code: 64,
    });
    expect(await cli("staff", "add", "--shop", "77", "--email", "mali@samui.example")).toMatchObject({
      code: 1,
      out: expect.stringContaining("Shop 77 not found"),
    });
    expect(await cli("staff", "add", "--shop", String(shopId), "--email", "nobody@samui.example")).toMatchObject({
      code: 1,
      out: expect.stringContaining("has signed in yet"),
    });
    expect(await cli("staff", "remove", "--shop", String(shopId), "--email", "mali@samui.example")).toMatchObject({
      code: 0,
      out: expect.stringContaining("no longer on the staff"),
    });
    expect(await staffRows()).toEqual([]);
  });
});
