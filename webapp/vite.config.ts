import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { compileMessages } from "./messagesPlugin.ts";

const webappDir = fileURLToPath(new URL(".", import.meta.url));
const apiUrl = process.env.API_URL ?? "http://localhost:3000";

/** Files worth compressing; pictures and fonts in the build are compressed already and stay as they are. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".webmanifest", ".map", ".txt", ".xml", ".ico", ".wasm"]);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `NAME.br` (brotli, quality 11) and `NAME.gz` (gzip, level 9) beside every compressible file of the
 * build, public files included, so the server sends them as they are (`preCompressed` in
 * server/http/static.ts) and never compresses a file per request. Both copies are always written, even
 * for a file they do not shrink, so that a file has either both or neither.
 */
function precompress(): Plugin {
  return {
    name: "store:precompress",
    apply: "build",
    writeBundle: {
      order: "post",
      sequential: true,
      async handler({ dir }) {
        if (!dir) return;
        const entries = await readdir(dir, { recursive: true, withFileTypes: true });
        const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.has(extname(e.name))).map((e) => join(e.parentPath, e.name));
        await Promise.all(
          files.map(async (file) => {
            const raw = await readFile(file);
            const br = await brotli(raw, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            });
            // Renamed into place, so a server reading the folder meanwhile never sees half a copy.
            await writeFile(`${file}.br.tmp`, br);
            await rename(`${file}.br.tmp`, `${file}.br`);
            await writeFile(`${file}.gz.tmp`, await gzipped(raw, { level: constants.Z_BEST_COMPRESSION }));
            await rename(`${file}.gz.tmp`, `${file}.gz`);
          }),
        );
      },
    },
  };
}

const mainModule = fileURLToPath(new URL("./src/main.tsx", import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Modules a package's index re-exports that the start never calls: the walk below passes them by, so that lazy
 * screens using them do not put them in the start's chunk (the cart's `useQueries`).
 */
const NEVER_AT_START = [
  /\/@tanstack\/react-query\/build\/modern\/useQueries\.js$/,
  /\/@tanstack\/query-core\/build\/modern\/queriesObserver\.js$/,
];

/** Every module the start imports statically (not through `import()`): what a first visit runs. */
function startModules(graph: ModuleGraph): Set<string> {
  const seen = new Set<string>([mainModule]);
  const queue = [mainModule];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (NEVER_AT_START.some((pattern) => pattern.test(next))) continue;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

let start: Set<string> | undefined;

const config = {
  root: webappDir,
  plugins: [compileMessages(), react(), precompress()],
  resolve: {
    alias: [
      { find: "@domain", replacement: fileURLToPath(new URL("../server/domain", import.meta.url)) },
      // Exactly `@tonconnect/ui` (not `-react`): its browser build, see webapp/src/features/ton/tonConnectUi.ts.
      { find: /^@tonconnect\/ui$/, replacement: fileURLToPath(new URL("./src/features/ton/tonConnectUi.ts", import.meta.url)) },
      // React's own hook instead of the shim for React 17 and older that wouter imports (src/lib/useSyncExternalStoreShim.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL("./src/lib/useSyncExternalStoreShim.ts", import.meta.url)),
      },
    ],
  },
  build: {
    // WEBAPP_DIR lets a second working copy of the tests build elsewhere (the server reads the same name).
    outDir: process.env.WEBAPP_DIR ? resolve(process.env.WEBAPP_DIR) : fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // The server owns /assets/ (product images, documents), so the bundle lives under /static/.
    assetsDir: "static",
    // No "spent significant time in plugins" notes in the build's output (docs/decisions.md "Development logs").
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // Whatever the start imports is one chunk, so the lazy screens' shared modules stay in it rather
              // than splitting it into many small files (docs/webapp.md "Chunks").
              name: (id: string, graph: ModuleGraph) => ((start ??= startModules(graph)).has(id) ? "start" : null),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": apiUrl,
      "/assets": apiUrl,
    },
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is always the production build customers get, whatever NODE_ENV the shell or the store's own
  // configuration has (development and test are values `npm start` accepts): Vite picks React's build and
  // its own production switches from NODE_ENV, read after this file, and with `development` the entry would
  // bundle React's development build and pass its budget (scripts/check-entry.ts). The dev server keeps it.
  if (command === "build") process.env.NODE_ENV = "production";
  return config;
});
