/**
 * The dependency rule of docs/architecture.md between the bot and the server: server/jobs and server/http
 * never import the bot's internals (nor grammY); the two are wired in the composition root (server/main.ts,
 * bot/launch.ts). The outbox worker reaches Telegram only through its Messenger port.
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

const isUnderBot = (path: string) => relative(join(ROOT, "bot"), path).split(/[\\/]/)[0] !== "..";

it.each(["server/jobs", "server/http"])("%s imports nothing of bot/ and not grammY", (dir) => {
  const files = sourceFiles(dir);
  expect(files.length).toBeGreaterThan(0);
  const offending = files.flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec === "grammy" || spec.startsWith("grammy/") || (spec.startsWith(".") && isUnderBot(resolve(dirname(file), spec))))
      .map((spec) => `${relative(ROOT, file)} → ${spec}`),
  );
  expect(offending).toEqual([]);
});
