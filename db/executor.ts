import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";

/**
 * Where a repository function runs its statements: the database itself, or the transaction of the unit of
 * work that called it (db/unitOfWork.ts). Repository functions take it first, so the caller owns the
 * transaction.
 */
export type Executor = Kysely<Database> | Transaction<Database>;
