/** Whether the store's database answers (the health check's question). */
import { unitOfWorkOf } from "../../db/unitOfWork";
import type { DB } from "../../db/connection";
import { sql } from "kysely";

export function createHealth({ db }: { db: DB }) {
  const units = unitOfWorkOf(db);
  return {
    /** Resolves once the database has answered a trivial query; rejects with why it did not. */
    async databaseAnswers(): Promise<void> {
      await units.read((tx) => sql`select 1`.execute(tx));
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
