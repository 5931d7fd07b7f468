/**
 * `npm run dev`: the API (restarted on change) on PORT (default 3000) and Vite's dev server with hot
 * reload on 5173, which forwards /api and /assets to the API. Open the Vite address.
 */
import { spawn, type ChildProcess } from "node:child_process";

const apiPort = process.env.PORT ?? "3000";
const children: ChildProcess[] = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort },
  }),
  spawn("npx", ["vite", "--config", "webapp/vite.config.ts", "--host"], {
    stdio: "inherit",
    env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
for (const child of children) {
  child.once("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
