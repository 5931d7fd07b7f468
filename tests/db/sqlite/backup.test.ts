/**
 * Backups and restore, as an operator runs them: the store runs as its own process under placement load
 * over HTTP, `npm run backup` and `npm run restore` run as child processes, and what they leave is opened
 * as real SQLite files.
 */
import { closeSync, openSync, readdirSync, statSync, writeFileSync, writeSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, relative } from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { BackupError, listBackups, takeBackup } from "../../../db/sqlite/backup";
import { restoreBackup } from "../../../db/sqlite/restore";
import { scheduleBackups } from "../../../db/backupSchedule";
import { migrateToLatest, openDatabase } from "../../../db/connection";
import { ConfigError, loadConfig } from "../../../server/config";
import { SEEDED_STOCK, signIn, useStoreProcesses } from "../../helpers/storeProcess";
import { filesOf } from "../../helpers/files";

const { tempDir, seededDataDir, startStoreProcess, runScript } = useStoreProcesses();

interface Answer {
  key: string;
  status: number;
  orderId: number | null;
  /** performance.now() when the answer arrived. */
  at: number;
}

/** Places orders over HTTP from `loops` concurrent loops until `done()` says stop; answers are added as they come. */
async function placeUntil(
  base: string,
  tokens: string[],
  loops: number,
  target: { shopId: number; productId: number },
  answers: Answer[],
  done: () => boolean,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (!done()) {
        const key = `backup-load-${loop}-${next++}`;
        const res = await fetch(`${base}/api/orders`, {
          method: "POST",
          headers: { authorization: `Bearer ${tokens[loop % tokens.length]}`, "content-type": "application/json", "idempotency-key": key },
          body: JSON.stringify({
            shop_id: target.shopId,
            items: [{ product_id: target.productId, option_id: 0, amount: 1 }],
            delivery_option: 1,
            payment_option: 1,
          }),
        });
        const body = (await res.json()) as { order?: { id: number } };
        answers.push({ key, status: res.status, orderId: body.order?.id ?? null, at: performance.now() });
      }
    }),
  );
}

function integrity(file: string): string[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
  } finally {
    db.close();
  }
}

describe("npm run backup and npm run restore", () => {
  it("backs up a store under write load with every committed order, restores it into a fresh DATA_DIR, keeps the last BACKUP_KEEP, and " +
    "refuses to restore over a running store", async () => {
    const { dataDir, shopId, productId } = await seededDataDir({ prefix: "backup-store-", pictures: true });
    const store = await startStoreProcess(dataDir);
    const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(store.base, 710_000 + i)));

    let stopLoad = false;
    const answers: Answer[] = [];
    const load = placeUntil(store.base, tokens, 12, { shopId, productId }, answers, () => stopLoad);
    let loadFailed: unknown = null;
    load.catch((error) => (loadFailed = error));
    for (let i = 0; i < 1000 && !loadFailed && answers.filter((a) => a.status === 201).length < 60; i++)
      await new Promise((r) => setTimeout(r, 10));
    if (loadFailed) throw loadFailed;

    const backupBegan = performance.now();
    const backup = await runScript("backup", dataDir, [], { BACKUP_KEEP: "2" });
    const backupEnded = performance.now();
    stopLoad = true;
    await load;

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const backupDir = /Backup written to (.+)/.exec(backup.stdout)?.[1]?.trim();
    expect(backupDir).toMatch(/backups\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);

    const committedBefore = answers.filter((a) => a.status === 201 && a.at < backupBegan);
    const committedDuring = answers.filter((a) => a.status === 201 && a.at >= backupBegan && a.at <= backupEnded);
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    expect(committedBefore.length).toBeGreaterThanOrEqual(60);
    // The backup ran under load: placements kept being committed while it was taken.
    expect(committedDuring.length).toBeGreaterThan(0);

    // The copy in the backups folder: sound, and one consistent moment of the store.
    const copy = join(backupDir!, "store.sqlite");
    expect(integrity(copy)).toEqual(["ok"]);
    {
      const db = new SQLite(copy, { readonly: true });
      const orders = (db.prepare("select count(*) as n from orders").get() as { n: number }).n;
      const sold = (
        db.prepare("select coalesce(sum(amount), 0) as n from order_lines where product_id = ?").get(productId) as { n: number }
      ).n;
      const left = (
        db.prepare("select amount from stock where shop_id = ? and product_id = ? and option_id = 0").get(shopId, productId) as {
          amount: number;
        }
      ).amount;
      const orphans = (
        db.prepare("select count(*) as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)").get() as {
          n: number;
        }
      ).n;
      db.close();
      // What the copy holds, told with a failure (a passing run prints only the test report).
      const report =
        `backup under load: ${committedBefore.length} orders committed before it began, ${committedDuring.length} more while it ran, ` +
        `${orders} in the copy, ${answers.length} placements in all`;
      expect(orders, report).toBeGreaterThanOrEqual(committedBefore.length);
      expect(orders, report).toBeLessThanOrEqual(answers.filter((a) => a.status === 201).length);
      expect(left + sold, report).toBe(SEEDED_STOCK);
      expect(orphans, report).toBe(0);
    }

    // A restore while the store runs: refused, and nothing is touched.
    const liveInode = statSync(join(dataDir, "store.sqlite")).ino;
    const refused = await runScript("restore", dataDir, [backupDir!]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The store is running on .+ stop it first .+ Nothing was changed/);
    expect(statSync(join(dataDir, "store.sqlite")).ino).toBe(liveInode);
    expect(readdirSync(dataDir).filter((name) => name.startsWith("replaced-") || name.startsWith(".restoring-"))).toEqual([]);
    expect((await fetch(`${store.base}/api/health`)).status).toBe(200);

    // Restore into a fresh DATA_DIR (no store runs there) and open it.
    const fresh = await tempDir("restored-");
    const restored = await runScript("restore", fresh, [backupDir!]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(integrity(join(fresh, "store.sqlite"))).toEqual(["ok"]);
    const db = openDatabase(join(fresh, "store.sqlite"));
    await migrateToLatest(db);
    const present = new Map(
      (await db.selectFrom("orders").select(["id", "idempotency_key"]).execute()).map((o) => [o.idempotency_key, o.id]),
    );
    await db.destroy();
    expect(committedBefore.filter((a) => present.get(a.key) !== a.orderId)).toEqual([]);
    expect(Object.keys(filesOf(join(dataDir, "uploads"))).length).toBeGreaterThan(0);
    expect(filesOf(join(fresh, "uploads"))).toEqual(filesOf(join(dataDir, "uploads")));

    // Only the last BACKUP_KEEP backups remain.
    const second = await runScript("backup", dataDir, [], { BACKUP_KEEP: "2" });
    const third = await runScript("backup", dataDir, [], { BACKUP_KEEP: "2" });
    expect([second.code, third.code]).toEqual([0, 0]);
    const kept = await listBackups(join(dataDir, "backups"));
    expect(kept).toEqual([
      /Backup written to (.+)/.exec(second.stdout)![1]!.trim(),
      /Backup written to (.+)/.exec(third.stdout)![1]!.trim(),
    ]);
    expect(readdirSync(join(dataDir, "backups")).sort()).toEqual(kept.map((path) => relative(join(dataDir, "backups"), path)).sort());

    // Restoring again over the restored store keeps what it replaced, so a wrong restore can be undone.
    const again = await runScript("restore", fresh, [join(kept[1]!, "store.sqlite")]);
    expect(again.code).toBe(0);
    const replaced = readdirSync(fresh).filter((name) => name.startsWith("replaced-"));
    expect(replaced).toHaveLength(1);
    expect(readdirSync(join(fresh, replaced[0]!)).sort()).toEqual(["store.sqlite", "uploads"]);
    expect(integrity(join(fresh, replaced[0]!, "store.sqlite"))).toEqual(["ok"]);

    expect((await store.stop()).code).toBe(0);
  });

  it("takes backups every BACKUP_INTERVAL_HOURS inside the running store, keeps BACKUP_KEEP of them, and stops with it", async () => {
    const { dataDir } = await seededDataDir({ prefix: "backup-store-", pictures: false });
    // 0.0002 h is 0.72 s.
    const store = await startStoreProcess(dataDir, { BACKUP_INTERVAL_HOURS: "0.0002", BACKUP_KEEP: "1", LOG_LEVEL: "info" });
    const taken = () => (store.output().match(/"backup taken"/g) ?? []).length;
    for (let i = 0; i < 200 && taken() < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(taken()).toBeGreaterThanOrEqual(2);
    expect((await store.stop()).code).toBe(0);
    const kept = await listBackups(join(dataDir, "backups"));
    expect(kept).toHaveLength(1);
    for (const backup of kept) expect(integrity(join(backup, "store.sqlite"))).toEqual(["ok"]);
    expect(store.output()).not.toMatch(/"backup failed"|scheduled backup failed/);
  });
});

describe("a backup or restore that is not sound", () => {
  /** A database whose index page was overwritten: it opens, but its integrity check fails. */
  async function corruptDatabase(): Promise<string> {
    const file = join(await tempDir("corrupt-"), "store.sqlite");
    const db = new SQLite(file);
    db.exec("create table kysely_migration (name text); create table t (x text); create index t_x on t (x)");
    const insert = db.prepare("insert into t (x) values (?)");
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`value ${i}`);
    })();
    const { rootpage } = db.prepare("select rootpage from sqlite_master where name = 't_x'").get() as { rootpage: number };
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    db.close();
    const bytes = Buffer.alloc(pageSize, 0x5a);
    const fd = openSync(file, "r+");
    writeSync(fd, bytes, 0, pageSize, (rootpage - 1) * pageSize);
    closeSync(fd);
    return file;
  }

  it("deletes a copy that fails its integrity check and fails with why; a restore of such a file changes nothing", async () => {
    const file = await corruptDatabase();
    const backupsDir = join(await tempDir("corrupt-backups-"), "backups");
    const backup = takeBackup({ databaseFile: file, uploadsDir: join(file, "..", "uploads"), backupsDir, keep: 3, clock: Date.now });
    await expect(backup).rejects.toThrow(BackupError);
    await expect(backup).rejects.toThrow(/failed its integrity check, so it was deleted/);
    expect(readdirSync(backupsDir)).toEqual([]);

    const dataDir = await tempDir("corrupt-restore-");
    writeFileSync(join(dataDir, "store.sqlite"), "the live database");
    await mkdir(join(dataDir, "uploads"));
    const restore = restoreBackup({
      from: file,
      dataDir,
      databaseFile: join(dataDir, "store.sqlite"),
      uploadsDir: join(dataDir, "uploads"),
      clock: Date.now,
    });
    await expect(restore).rejects.toThrow(/failed its integrity check, so nothing was restored/);
    expect(readdirSync(dataDir).sort()).toEqual(["store.lock", "store.sqlite", "uploads"]);
  });

  it("fails with a clear message when there is no database, and the schedule reports each failure and goes on until stopped", async () => {
    const dir = await tempDir("missing-");
    const options = {
      databaseFile: join(dir, "store.sqlite"),
      uploadsDir: join(dir, "uploads"),
      backupsDir: join(dir, "backups"),
      keep: 2,
      clock: Date.now,
    };
    await expect(takeBackup(options)).rejects.toThrow(/There is no database at .+store\.sqlite: nothing to back up/);

    const failures: unknown[] = [];
    const schedule = scheduleBackups((signal) => takeBackup({ ...options, signal }), 20, {
      taken: () => failures.push("taken?"),
      failed: (error) => failures.push(error),
    });
    for (let i = 0; i < 100 && failures.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    await schedule.stop();
    const seen = failures.length;
    expect(seen).toBeGreaterThanOrEqual(3);
    expect(failures.every((f) => f instanceof BackupError)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(failures).toHaveLength(seen);
  });

  it("reads BACKUP_INTERVAL_HOURS and BACKUP_KEEP, and refuses values that do not parse", () => {
    expect(loadConfig({})).toMatchObject({ backupIntervalHours: null, backupKeep: 7 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: "6", BACKUP_KEEP: "14" })).toMatchObject({ backupIntervalHours: 6, backupKeep: 14 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: "0.5" }).backupIntervalHours).toBe(0.5);
    for (const bad of ["0", "-1", "abc", "169", "1e3"])
      expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: bad })).toThrow(/BACKUP_INTERVAL_HOURS must be/);
    for (const bad of ["0", "-2", "1.5", "all"]) expect(() => loadConfig({ BACKUP_KEEP: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP must be a whole number of backups, at least 1 \(got "0"\)/);
  });
});
