/**
 * The lock a running store holds (DATA_DIR/store.lock), and the exclusive one a restore takes.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { BackupError } from "./backup";

const LOCK_NAME = "store.lock";

/**
 * The lock a running store holds (DATA_DIR/store.lock): a shared SQLite lock on a file of its own, taken at
 * start and kept until the connection closes. The operating system drops it when the process ends in any
 * way (kill -9 included), so it never goes stale the way a pid file does, and several processes on one
 * database may hold it at once. A restore takes it exclusively, which fails while anyone holds it.
 */
export function holdStoreLock(dataDir: string): { release(): void } {
  const lock = openLock(dataDir);
  try {
    lock.pragma("locking_mode = EXCLUSIVE"); // never let go of a lock once taken …
    lock.prepare("select count(*) from sqlite_master").get(); // … and this read takes the shared one
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") {
      throw new BackupError(`A restore is running on ${dataDir}: start the store once it has finished`);
    }
    throw error;
  }
  return { release: () => lock.close() };
}

function openLock(dataDir: string): SQLite.Database {
  mkdirSync(dataDir, { recursive: true });
  const lock = new SQLite(join(dataDir, LOCK_NAME));
  lock.pragma("busy_timeout = 0");
  return lock;
}

/** Takes the store's lock exclusively, or refuses: the store (or the bot process) runs on this DATA_DIR. */
export function lockOutStore(dataDir: string): { release(): void } {
  const lock = openLock(dataDir);
  try {
    lock.exec("begin exclusive");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") {
      throw new BackupError(
        `The store is running on ${dataDir} (a process holds ${join(dataDir, LOCK_NAME)}): ` +
          "stop it first (SIGTERM or Ctrl-C), then restore. Nothing was changed.",
      );
    }
    throw error;
  }
  return {
    release() {
      lock.exec("rollback");
      lock.close();
    },
  };
}
