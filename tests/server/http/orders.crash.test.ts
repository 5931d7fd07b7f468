import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../../db/connection";
import { seedDemo } from "../../../db/seed/demo";
import { makeTempDir, productIdsByName, shopIdsByName } from "../../helpers/app";

describe("a process killed mid-placement", () => {
  it("leaves neither an order without its reservation nor a reservation without its order", async () => {
    const file = join(await makeTempDir("crash-"), "store.sqlite");
    const db = openDatabase(file);
    await migrateToLatest(db);
    await seedDemo(db, { uploadsDir: null });
    const { id: userId } = await db
      .insertInto("users")
      .values({ email: "crash@samui.example", reflink: "crash001" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const product = (await productIdsByName(db))["Blue Dream"]!;
    const shop = (await shopIdsByName(db))["Chaweng Beach Store"]!;
    const stockRow = () =>
      db
        .selectFrom("stock")
        .select("amount")
        .where("shop_id", "=", shop)
        .where("product_id", "=", product)
        .where("option_id", "=", 0)
        .executeTakeFirstOrThrow();
    const before = (await stockRow()).amount;
    await db.destroy();

    const child = spawn("npx", ["tsx", "tests/helpers/placeAndDie.ts", file, String(userId), String(shop), String(product)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const signal = await new Promise<string | null>((resolve) => child.on("exit", (_code, sig) => resolve(sig)));
    // npx forwards the child's death as its own exit; either way the placement must not have finished.
    expect(output).toContain("dying inside the placement transaction");
    expect(output).not.toContain("survived");
    expect(signal === "SIGKILL" || child.exitCode !== 0).toBe(true);

    const after = openDatabase(file);
    expect(
      (
        await after
          .selectFrom("stock")
          .select("amount")
          .where("shop_id", "=", shop)
          .where("product_id", "=", product)
          .where("option_id", "=", 0)
          .executeTakeFirstOrThrow()
      ).amount,
    ).toBe(before);
    expect(await after.selectFrom("orders").selectAll().execute()).toEqual([]);
    expect(await after.selectFrom("order_lines").selectAll().execute()).toEqual([]);
    expect(await after.selectFrom("outbox").selectAll().execute()).toEqual([]);
    await after.destroy();
  });
});
