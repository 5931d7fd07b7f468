/**
 * The health checks' questions: is this process able to serve (started, not shutting down), and does the
 * store's database answer. The process around the services (server/main.ts) moves the phase.
 */
import { unitOfWorkOf } from "../../db/unitOfWork";
import type { DB } from "../../db/connection";
import { sql } from "kysely";

/** starting: the database is being opened and migrated, or jobs started; stopping: SIGTERM came. */
export type Phase = "starting" | "ready" | "stopping";

/** Longer than this, and the database counts as not answering (a pool may wait for a connection forever). */
const ANSWER_WITHIN_MS = 3_000;

export function createHealth({ db }: { db: DB }) {
  const units = unitOfWorkOf(db).named("health");
  let phase: Phase = "starting";
  return {
    phase: (): Phase => phase,
    /** Called once migrations are done and what the process runs has started. */
    markReady(): void {
      if (phase === "starting") phase = "ready";
    },
    /** The first thing shutdown does, so that a proxy stops sending before the process stops. */
    markStopping(): void {
      phase = "stopping";
    },
    /** Resolves once the database has answered a trivial query; rejects with why it did not. */
    async databaseAnswers(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the database did not answer within ${ANSWER_WITHIN_MS / 1000} s`)), ANSWER_WITHIN_MS);
      });
      try {
        await Promise.race([units.read("databaseAnswers", (tx) => sql`select 1`.execute(tx)), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
