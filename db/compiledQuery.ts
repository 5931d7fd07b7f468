/**
 * Queries compiled once per shape: the hot statements (a placement's, the session lookup) are built with
 * Kysely as usual, but only the first time; later calls substitute their values into the compiled SQL's
 * parameters and run it. Building and compiling a query costs tens of µs, more than SQLite spends running
 * most of these (docs/performance.md, "Order placement").
 *
 * How: the query is built with a stand-in object for each value, compiled by the executor's own dialect
 * (so it stays engine-neutral), and each stand-in's position among the parameters is remembered. The
 * values must reach the SQL as bound parameters (not `sql.raw`, `sql.lit` or a `.limit(n)` the dialect
 * inlines), and anything that changes the SQL text itself (a list's length) must be part of the shape key.
 */
import {
  createQueryId,
  sql,
  type CompiledQuery,
  type OperationNodeSource,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
} from "kysely";
import type { Executor } from "./executor";

/** Only plugins read a query id, and a direct runner runs none. */
const NO_QUERY_ID = createQueryId();

/** A value's stand-in while the query is built. */
class Slot {
  constructor(readonly name: string) {}
}

/** What a query's builder receives for each of its values: a stand-in of the same name. */
export type Slots<P> = { readonly [K in keyof P]: P[K] };

interface Template<R> {
  sql: string;
  query: CompiledQuery<R>["query"];
  /** For each parameter: the name of the value it takes, or a constant of the query. */
  parameters: ({ slot: string } | { value: unknown })[];
}

/**
 * How an engine runs a compiled query on a transaction it opened itself, without Kysely's connection
 * plumbing (db/sqlite/groupCommit.ts: the batch's transaction already holds the one connection, and the
 * statement is all SQLite has to do). Same result and errors as `tx.executeQuery`.
 */
export type DirectRunner = (query: CompiledQuery) => QueryResult<unknown>;

const directRunners = new WeakMap<Executor, DirectRunner>();

/** Prepared queries on `tx` run through `run` for as long as `tx` lives. */
export function runPreparedQueriesDirectly(tx: Executor, run: DirectRunner): void {
  directRunners.set(tx, run);
}

export interface PreparedQuery<P, R> {
  /** Runs the query with these values on `tx` (a unit's transaction or the database). */
  execute(tx: Executor, values: P, shape?: string | number): Promise<QueryResult<R>>;
}

/**
 * A query compiled once per shape (and per dialect). `build` gets stand-ins for the values, and `shape` when
 * the text depends on more than the values (how many lines, say).
 */
export function prepareQuery<P extends object, R>(
  build: (values: Slots<P>, shape: number, tx: Executor) => OperationNodeSource & { readonly "~type"?: R } | OperationNodeSource,
): PreparedQuery<P, R> {
  // Per adapter (one per Kysely instance of a dialect), then per shape.
  const templates = new WeakMap<object, Map<string | number, Template<R>>>();
  const slots = new Proxy({} as Record<string, Slot>, {
    get: (cache, name) => (typeof name === "string" ? (cache[name] ??= new Slot(name)) : undefined),
  }) as unknown as Slots<P>;

  function compile(tx: Executor, shape: string | number): Template<R> {
    const executor = tx.getExecutor();
    const queryId = createQueryId();
    const node = build(slots, Number(shape), tx).toOperationNode() as RootOperationNode;
    const compiled = executor.compileQuery<R>(executor.transformQuery(node, queryId), queryId);
    return {
      sql: compiled.sql,
      query: compiled.query,
      parameters: compiled.parameters.map((p) => (p instanceof Slot ? { slot: p.name } : { value: p })),
    };
  }

  return {
    execute(tx, values, shape = 0) {
      const adapter = tx.getExecutor().adapter;
      let byShape = templates.get(adapter);
      if (!byShape) templates.set(adapter, (byShape = new Map()));
      let template = byShape.get(shape);
      if (!template) byShape.set(shape, (template = compile(tx, shape)));
      const source = values as Record<string, unknown>;
      const parameters = template.parameters.map((p) => ("slot" in p ? source[p.slot] : p.value));
      const direct = directRunners.get(tx);
      if (direct) {
        try {
          return Promise.resolve(direct({ sql: template.sql, query: template.query, queryId: NO_QUERY_ID, parameters }) as QueryResult<R>);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      const compiled: CompiledQuery<R> = { sql: template.sql, query: template.query, queryId: createQueryId(), parameters };
      return tx.executeQuery(compiled);
    },
  };
}

/**
 * A list of ids for `in (…)` in a prepared query: `idList(v, n)` puts `n` stand-ins (`id0` … `id{n-1}`) into the
 * SQL, and `idValues(ids)` gives them their values. Run with `ids.length` as the shape; never with no ids
 * (`in ()` is no SQL).
 */
export function idList(values: Slots<Record<string, unknown>>, n: number): RawBuilder<unknown> {
  return sql.join(Array.from({ length: n }, (_, i) => values[`id${i}`]));
}

export function idValues(ids: readonly number[]): Record<string, number> {
  const values: Record<string, number> = {};
  ids.forEach((id, i) => (values[`id${i}`] = id));
  return values;
}
