/**
 * Puts a PostgreSQL backup (db/postgres/backup.ts) back into the database DATABASE_URL names, with
 * pg_restore in one transaction: it either restores everything or changes nothing.
 *
 * There is no file lock to tell whether the store runs, so (docs/decisions.md, "Backups on PostgreSQL"):
 * - a database without tables (a new one) is restored into at once;
 * - a database that holds tables is replaced only when asked (`replace`, `npm run restore -- --replace`), only
 *   while no other session is connected to it, and only after what it holds was dumped into
 *   DATA_DIR/replaced-<time>/ (with the uploads it replaces), so the restore can be undone.
 */
import { existsSync, statSync } from "node:fs";
import { cp, mkdir, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import pg from "pg";
import { BackupError, freeName, stampOf, UPLOADS_NAME } from "../backupFolder";
import { checkDump, DUMP_NAME } from "./backup";
import { findTool, requireAtLeast, runTool, serverOf, type FoundTool } from "./tools";

export interface PostgresRestoreOptions {
  /** A backup folder (`store.dump` and `uploads/` inside), or a `store.dump` (then `uploads/` beside it is used if there). */
  from: string;
  databaseUrl: string;
  /** The live uploads (UPLOADS_DIR). */
  uploadsDir: string;
  /** Where `replaced-<time>/` goes (DATA_DIR). */
  dataDir: string;
  /** The folder of pg_dump and pg_restore (PG_BIN); null: PATH. */
  pgBin: string | null;
  /** Replace a database that holds tables (the operator said --replace). */
  replace: boolean;
  clock: () => number;
}

export interface PostgresRestored {
  /** The dump that was restored. */
  dump: string;
  /** Whether the uploads were replaced too (the backup had them). */
  uploads: boolean;
  /** Where what it replaced was put (a dump of the database, the uploads), or null when there was nothing. */
  replacedDir: string | null;
}

export async function restorePostgresBackup({
  from,
  databaseUrl,
  uploadsDir,
  dataDir,
  pgBin,
  replace,
  clock,
}: PostgresRestoreOptions): Promise<PostgresRestored> {
  const source = resolve(from);
  if (!existsSync(source)) throw new BackupError(`There is no backup at ${source}`);
  const folder = statSync(source).isDirectory();
  const dump = folder ? join(source, DUMP_NAME) : source;
  if (!existsSync(dump)) {
    const sqlite = folder && existsSync(join(source, "store.sqlite"));
    throw new BackupError(
      sqlite
        ? `${source} is a backup of the store on SQLite (store.sqlite): it cannot be restored into PostgreSQL`
        : `${source} is not a backup: it holds no ${DUMP_NAME}`,
    );
  }
  const uploads = join(dirname(dump), UPLOADS_NAME);
  const withUploads = existsSync(uploads);

  const restoreTool = await findTool("pg_restore", pgBin);
  const server = await inspect(databaseUrl);
  requireAtLeast("pg_restore", restoreTool, server.major);
  await checkDump(restoreTool, dump, source);

  const where = serverOf(databaseUrl);
  let dumpTool: FoundTool | null = null;
  if (server.tables.length > 0) {
    if (!replace) {
      throw new BackupError(
        `The database ${where} already holds ${server.tables.length} tables. Restoring replaces everything in it: stop every ` +
          "process of the store, then run again with --replace (what it holds now is dumped into DATA_DIR/replaced-… first). " +
          "Or restore into a new, empty database. Nothing was changed.",
      );
    }
    if (server.otherSessions > 0) {
      throw new BackupError(
        `The database ${where} has ${server.otherSessions} other connection(s): the store (or something else) is using it. ` +
          "Stop every process of the store first, then run again. Nothing was changed.",
      );
    }
    const inBackup = tablesIn(await runTool(restoreTool, ["--list", dump]));
    const extra = server.tables.filter((t) => !inBackup.has(t));
    if (extra.length > 0) {
      throw new BackupError(
        `The database ${where} has tables the backup does not (${extra.join(", ")}): it was made by a newer version of the store, ` +
          "and restoring over it would leave them behind. Restore into a new, empty database instead. Nothing was changed.",
      );
    }
    dumpTool = await findTool("pg_dump", pgBin);
    requireAtLeast("pg_dump", dumpTool, server.major);
  }

  const stamp = stampOf(clock());
  const replacedDir = dumpTool || (withUploads && existsSync(uploadsDir)) ? freeName(join(dataDir, `replaced-${stamp}`)) : null;
  const staging = withUploads ? freeName(join(dirname(uploadsDir), `.restoring-uploads-${stamp}`)) : null;
  let restored = false;
  try {
    if (replacedDir) await mkdir(replacedDir, { recursive: true });
    if (dumpTool && replacedDir) {
      const before = join(replacedDir, DUMP_NAME);
      await runTool(dumpTool, ["--format=custom", `--file=${before}`], { databaseUrl });
      await checkDump(restoreTool, before, `The dump of ${where} taken before the restore`);
    }
    if (staging) await cp(uploads, staging, { recursive: true });
    try {
      // One transaction: a failure anywhere rolls all of it back. Owners and grants are the target's own.
      await runTool(restoreTool, ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", dump], {
        databaseUrl,
      });
    } catch (error) {
      throw new BackupError(`Restoring ${source} into ${where} failed, so nothing was restored: ${(error as Error).message}`);
    }
    restored = true;
    if (staging) {
      if (existsSync(uploadsDir)) await moveFolder(uploadsDir, join(replacedDir!, UPLOADS_NAME));
      await rename(staging, uploadsDir);
    }
    return { dump, uploads: withUploads, replacedDir };
  } catch (error) {
    // Before the database was restored nothing was changed: what was set aside is not needed.
    if (!restored && replacedDir) await rm(replacedDir, { recursive: true, force: true });
    if (restored) {
      throw new BackupError(
        `The database was restored, but the uploads could not be put in place (${(error as Error).message}): ` +
          `copy ${uploads} into ${uploadsDir} by hand`,
      );
    }
    throw error;
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}

/** The server's major version, the tables of the schema the store uses, and the sessions connected to it besides this one. */
async function inspect(databaseUrl: string): Promise<{ major: number; tables: string[]; otherSessions: number }> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`The PostgreSQL server of DATABASE_URL (${serverOf(databaseUrl)}) does not answer: ${(error as Error).message}`);
  }
  try {
    const version = await client.query<{ server_version_num: string }>("show server_version_num");
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = current_schema() order by tablename",
    );
    const sessions = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return {
      major: Math.floor(Number(version.rows[0]!.server_version_num) / 10_000),
      tables: tables.rows.map((r) => r.name),
      otherSessions: sessions.rows[0]!.n,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The tables a dump holds, from `pg_restore --list` ("215; 1259 16390 TABLE public orders postgres"). */
function tablesIn(contents: string): Set<string> {
  return new Set([...contents.matchAll(/^\d+; \d+ \d+ TABLE \S+ (\S+) /gm)].map((m) => m[1]!));
}

/** A rename, or a copy and delete when UPLOADS_DIR is on another file system than DATA_DIR. */
async function moveFolder(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}
