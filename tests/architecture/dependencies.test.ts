/**
 * The dependency rules of docs/architecture.md, read from the imports of every source file:
 * - server/domain is pure: it imports only itself and the libraries its rules need (TypeBox, @ton/core);
 * - db imports only itself and server/domain;
 * - server/http, server/jobs and bot reach data through services and ports: they import no repository and
 *   no engine code (db/repositories, db/sqlite, the unit of work);
 * - nothing outside db/sqlite imports better-sqlite3.
 * (The webapp's rules, @domain only and no feature importing another: tests/webapp/boundaries.test.ts.)
 */
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles, type SourceFile } from "../helpers/sourceTree";

const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

/** What a file imports: project files as paths from the root (no extension), packages by name. */
function importsOf(file: SourceFile): string[] {
  const found: string[] = [];
  for (const match of file.source.matchAll(IMPORT)) {
    const spec = (match[1] ?? match[2])!;
    found.push(spec.startsWith(".") ? normalize(join(dirname(file.path), spec)).replace(/\\/g, "/").replace(/\.tsx?$/, "") : spec);
  }
  return found;
}

const under = (path: string, ...folders: string[]) => folders.some((folder) => path === folder || path.startsWith(`${folder}/`));
const isPackage = (spec: string) => !under(spec, "server", "db", "bot", "webapp", "scripts", "tests");

interface Rule {
  /** Which files it holds for. */
  files: (path: string) => boolean;
  /** Whether one of their imports breaks it. */
  forbids: (spec: string) => boolean;
  why: string;
}

const RULES: Rule[] = [
  {
    files: (path) => under(path, "server/domain"),
    // Lingui's runtime and message compiler (server/domain/messages.ts) are pure functions of their input too.
    forbids: (spec) =>
      isPackage(spec)
        ? !["typebox", "@ton/core", "@lingui/core", "@lingui/message-utils/compileMessage"].includes(spec)
        : !under(spec, "server/domain"),
    why: "server/domain is pure: its own files, TypeBox, @ton/core and Lingui only",
  },
  {
    files: (path) => under(path, "db"),
    forbids: (spec) => !isPackage(spec) && !under(spec, "db", "server/domain"),
    why: "db imports only db and server/domain",
  },
  {
    files: (path) => under(path, "server/http", "server/jobs", "bot"),
    forbids: (spec) => under(spec, "db/repositories", "db/sqlite", "db/unitOfWork", "db/locks") || spec === "better-sqlite3",
    why: "server/http, server/jobs and bot reach data through services and ports, never repositories or engine code",
  },
  {
    files: (path) => !under(path, "db/sqlite"),
    forbids: (spec) => spec === "better-sqlite3",
    why: "only db/sqlite knows the database is SQLite",
  },
];

/** Every import that breaks a rule, as `file → import: why`. */
export function violations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const spec of importsOf(file)) {
      for (const rule of RULES) {
        if (rule.files(file.path) && rule.forbids(spec)) found.push(`${file.path} → ${spec}: ${rule.why}`);
      }
    }
  }
  return found;
}


describe("the dependency rules", () => {
  it("hold over the whole source tree", () => {
    const files = ["server", "db", "bot", "scripts"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it("catch a wrong import: a route that imports a repository, a domain rule that imports a service", () => {
    const wrong: SourceFile[] = [
      { path: "server/http/routes/orders.ts", source: 'import { insertOrder } from "../../../db/repositories/orders";' },
      { path: "server/domain/orders.ts", source: 'import type { Orders } from "../services/orders";\nimport { z } from "fastify";' },
      { path: "bot/features/start.ts", source: 'const db = await import("../../db/sqlite/connection");' },
      { path: "server/services/orders.ts", source: 'import SQLite from "better-sqlite3";' },
      { path: "db/repositories/orders.ts", source: 'export { createOrders } from "../../server/services/orders";' },
    ];
    expect(violations(wrong)).toEqual([
      "server/http/routes/orders.ts → db/repositories/orders: " +
        "server/http, server/jobs and bot reach data through services and ports, never repositories or engine code",
      "server/domain/orders.ts → server/services/orders: server/domain is pure: its own files, TypeBox, @ton/core and Lingui only",
      "server/domain/orders.ts → fastify: server/domain is pure: its own files, TypeBox, @ton/core and Lingui only",
      "bot/features/start.ts → db/sqlite/connection: " +
        "server/http, server/jobs and bot reach data through services and ports, never repositories or engine code",
      "server/services/orders.ts → better-sqlite3: only db/sqlite knows the database is SQLite",
      "db/repositories/orders.ts → server/services/orders: db imports only db and server/domain",
    ]);
  });
});
