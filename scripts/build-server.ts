/**
 * `npm run build:server` (and `npm run build`): the server compiled for production. esbuild (the compiler tsx
 * itself runs on, installed with it) bundles the store's own TypeScript into `dist/server/` as plain ES modules,
 * one file per entry, every package left to node_modules (better-sqlite3 and sharp are native). `npm start`
 * then runs `node dist/server/start.mjs`: no TypeScript loader in the process, no transform at start and no
 * source kept in memory for it (docs/performance.md "A year of data": about 100 MB less resident memory).
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
export const SERVER_OUT_DIR = "dist/server";

const entries = ["start", "start-api", "start-worker", "start-bot"];

rmSync(`${root}/${SERVER_OUT_DIR}`, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(entries.map((name) => [name, `scripts/${name}.ts`])),
  outdir: SERVER_OUT_DIR,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
console.log(`server bundle: ${entries.length} entries in ${SERVER_OUT_DIR} (${(bytes / 1e6).toFixed(1)} MB with maps)`);
