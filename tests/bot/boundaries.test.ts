/**
 * The dependency rule of docs/architecture.md between the bot and the server: server/jobs and server/http
 * never import the bot's internals (nor grammY); the two are wired in the composition root (server/main.ts,
 * bot/launch.ts). The outbox worker reaches Telegram only through its Messenger port. The bot reaches the
 * data only through services (nothing under db/), and the jobs reach it through services and ports (no
 * repository).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every module a file imports or re-exports, static or dynamic. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm)];
  return specifiers.map((m) => (m[1] ?? m[2])!);
}

const isUnder = (dir: string, path: string) => relative(join(ROOT, dir), path).split(/[\\/]/)[0] !== "..";
const isUnderBot = (path: string) => isUnder("bot", path);

/** The relative imports of every file under `dir` that resolve under `target`, as "file → specifier". */
function importsInto(dir: string, target: string): string[] {
  const files = sourceFiles(dir);
  expect(files.length).toBeGreaterThan(0);
  return files.flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec.startsWith(".") && isUnder(target, resolve(dirname(file), spec)))
      .map((spec) => `${relative(ROOT, file)} → ${spec}`),
  );
}

it.each(["server/jobs", "server/http"])("%s imports nothing of bot/ and not grammY", (dir) => {
  const files = sourceFiles(dir);
  expect(files.length).toBeGreaterThan(0);
  const offending = files.flatMap((file) =>
    importsOf(file)
      .filter(
        (spec) => spec === "grammy" || spec.startsWith("grammy/") || (spec.startsWith(".") && isUnderBot(resolve(dirname(file), spec))),
      )
      .map((spec) => `${relative(ROOT, file)} → ${spec}`),
  );
  expect(offending).toEqual([]);
});

it("bot/ imports nothing of db/: the bot reaches the data through services", () => {
  expect(importsInto("bot", "db")).toEqual([]);
});

it("server/jobs imports no repository: the jobs reach the data through services and ports", () => {
  expect(importsInto("server/jobs", "db/repositories")).toEqual([]);
});
