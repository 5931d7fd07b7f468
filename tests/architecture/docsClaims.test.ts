/**
 * The checkable claims of docs/architecture.md ("Where the drivers, the engine and the shelf are touched"),
 * read from the source tree: which files import the database drivers, which open the database, which write
 * the shelf (`stock`, `stock_history`), and which ask which engine they run on. Each list is read from the
 * doc itself, so the doc and the code cannot drift apart: a new file doing one of these fails here until the
 * doc names it, and a file the doc names that no longer does it fails too.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles, type SourceFile } from "../helpers/sourceTree";

const DOC = "docs/architecture.md";

const under = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`));

/** Each claim: the label of its line in the doc, and which files the code says it holds for. */
export const CLAIMS: Record<string, (file: SourceFile) => boolean> = {
  "Import better-sqlite3": (file) => /\bfrom\s+["']better-sqlite3["']/.test(file.source),
  "Import pg": (file) => /\bfrom\s+["']pg["']/.test(file.source),
  // db/connection.ts's openStore is where the engine is picked; every other caller opens a database.
  "Open the database": (file) => !under(file.path, "db") && /\bopen(?:Store|Database|Postgres)\(/.test(file.source),
  "Write the shelf": (file) =>
    /\b(?:insertInto|updateTable|deleteFrom)\(\s*["'](?:stock|stock_history)["']/.test(file.source) ||
    /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:stock|stock_history)\b/i.test(file.source),
  "Ask the engine": (file) =>
    !under(file.path, "db/sqlite", "db/postgres") &&
    /\binstanceof\s+(?:PostgresAdapter|SqliteAdapter|PostgresDialect|SqliteDialect)\b|\bisPostgres\(|\bengineOf\(/.test(file.source),
};

/** The files a claim's line of the doc names: `- **Label**: `a.ts`, `b.ts` (a note, whose paths do not count).` */
export function namedInDoc(doc: string, label: string): string[] {
  const line = doc.split("\n").find((text) => text.startsWith(`- **${label}**`));
  if (!line) throw new Error(`${DOC} has no line "- **${label}**"`);
  return [...line.split(" (")[0]!.matchAll(/`([\w./-]+\.tsx?)`/g)].map((match) => match[1]!).sort();
}

/** Where the doc and the code disagree, as `label: file (why)`. */
export function disagreements(doc: string, files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const [label, holds] of Object.entries(CLAIMS)) {
    const named = new Set(namedInDoc(doc, label));
    const actual = new Set(files.filter(holds).map((file) => file.path));
    for (const path of [...actual].sort()) if (!named.has(path)) found.push(`${label}: ${path} (does it, the doc does not name it)`);
    for (const path of [...named].sort()) if (!actual.has(path)) found.push(`${label}: ${path} (named in the doc, does not do it)`);
  }
  return found;
}


describe("docs/architecture.md's checkable claims", () => {
  const doc = readFileSync(join(ROOT, DOC), "utf8");

  it("name exactly the files that import the drivers, open the database, write the shelf and ask the engine", () => {
    const files = ["server", "db", "bot", "scripts"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    for (const label of Object.keys(CLAIMS)) expect(namedInDoc(doc, label).length).toBeGreaterThan(0);
    expect(disagreements(doc, files)).toEqual([]);
  });

  it("fail on planted violations: a service writing the shelf, a route opening the database, a named file that stopped", () => {
    const planted = [
      "- **Import better-sqlite3**: `db/sqlite/connection.ts`.",
      "- **Import pg**: `db/postgres/connection.ts`, `db/live.ts`.",
      "- **Open the database**: `server/main.ts`.",
      "- **Write the shelf**: `db/repositories/shelf.ts` (not `server/services/orders.ts`).",
      "- **Ask the engine**: `db/migrations/engine.ts`.",
    ].join("\n");
    const files: SourceFile[] = [
      { path: "db/sqlite/connection.ts", source: 'import SQLite from "better-sqlite3";' },
      { path: "db/postgres/connection.ts", source: 'import pg from "pg";' },
      { path: "server/main.ts", source: "const db = openStore(config);" },
      { path: "db/repositories/shelf.ts", source: 'await tx.updateTable("stock").set({ amount: 1 }).execute();' },
      { path: "db/migrations/engine.ts", source: "return db.getExecutor().adapter instanceof PostgresAdapter;" },
      { path: "server/services/orders.ts", source: "await sql`UPDATE stock SET amount = amount - 1`.execute(tx);" },
      { path: "server/http/routes/orders.ts", source: "const db = openDatabase(':memory:');" },
      { path: "db/repositories/orders.ts", source: "if (engineOf(tx) === 'postgres') return;" },
    ];
    expect(disagreements(planted, files)).toEqual([
      "Import pg: db/live.ts (named in the doc, does not do it)",
      "Open the database: server/http/routes/orders.ts (does it, the doc does not name it)",
      "Write the shelf: server/services/orders.ts (does it, the doc does not name it)",
      "Ask the engine: db/repositories/orders.ts (does it, the doc does not name it)",
    ]);
    expect(() => namedInDoc("# nothing", "Import pg")).toThrow(/has no line/);
  });
});
