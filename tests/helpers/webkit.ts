/**
 * WebKit, the engine of Telegram on iOS, as it runs here: Debian's WebKitGTK WebDriver (`webkit2gtk-driver`) driving
 * its MiniBrowser on a virtual display (`xvfb-run`, package `xvfb`). A small W3C WebDriver client over HTTP: a session
 * opens a page, runs a script in it and takes a screenshot, which is all the WebKit checks need.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "../../scripts/freePort";

const DRIVER = process.env.WEBKIT_DRIVER ?? "/usr/bin/WebKitWebDriver";
const XVFB_RUN = "/usr/bin/xvfb-run";
const MINIBROWSER = process.env.WEBKIT_BROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";


export interface WebKitPage {
  /** Opens a URL and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Runs `script` (a function body; `arguments` are `args`) in the page and gives back its result. */
  evaluate<T>(script: string, ...args: unknown[]): Promise<T>;
  /** Runs `script` until it gives a truthy value, or fails after `timeoutMs` naming what it waited for. */
  waitFor<T>(what: string, script: string, timeoutMs?: number): Promise<T>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/** Starts the driver on a display of its own and opens one browser window `width` wide (MiniBrowser's least is 447). */
export async function openWebKit(width = 360, height = 740): Promise<WebKitPage> {
  for (const [path, pkg] of [[DRIVER, "webkit2gtk-driver"], [XVFB_RUN, "xvfb"], [MINIBROWSER, "webkit2gtk-driver"]] as const) {
    if (!existsSync(path)) throw new Error(`${path} is missing: apt-get install -y ${pkg} (WebKit checks run on Debian's WebKitGTK)`);
  }
  const port = await freePort();
  const driver: ChildProcess = spawn(XVFB_RUN, ["-a", DRIVER, `--port=${port}`], { detached: true, stdio: "ignore" });
  const stop = () => {
    try {
      process.kill(-driver.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  const base = `http://127.0.0.1:${port}`;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as { value: T & { error?: string; message?: string } };
    if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${answer.value.error}: ${answer.value.message}`);
    return answer.value;
  }
  try {
    for (let tries = 0; ; tries++) {
      const ready = await call<{ ready: boolean }>("GET", "/status").catch(() => null);
      if (ready?.ready) break;
      if (tries > 100) throw new Error("WebKitWebDriver did not start within 10 s");
      await new Promise((r) => setTimeout(r, 100));
    }
    const { sessionId } = await call<{ sessionId: string }>("POST", "/session", {
      capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] } } },
    });
    const session = `/session/${sessionId}`;
    await call("POST", `${session}/window/rect`, { width, height });
    const evaluate = <T>(script: string, ...args: unknown[]) => call<T>("POST", `${session}/execute/sync`, { script, args });
    return {
      goto: (url) => call("POST", `${session}/url`, { url }),
      evaluate,
      async waitFor<T>(what: string, script: string, timeoutMs = 15_000): Promise<T> {
        const until = Date.now() + timeoutMs;
        for (;;) {
          const value = await evaluate<T>(script);
          if (value) return value;
          if (Date.now() > until) throw new Error(`WebKit: waited ${timeoutMs} ms for ${what}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      screenshot: async () => Buffer.from(await call<string>("GET", `${session}/screenshot`), "base64"),
      async close() {
        await call("DELETE", session).catch(() => undefined);
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
