/**
 * bench:scale's reader (scripts/benchHarness.ts `loadGets`): against a real HTTP server on loopback, every answer
 * it counts is one the server sent, whatever its framing (a length, chunks split across writes, a body larger
 * than the reader's buffer), answers outside 2xx are counted as such, and a server that closes the connection
 * after each answer is reconnected to, each close counted.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGets } from "../../scripts/benchHarness";

let server: Server;
let base: string;
let served = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    served++;
    if (req.url === "/chunked") {
      res.write("a".repeat(5000));
      setImmediate(() => {
        res.write("b".repeat(70_000));
        res.end("c");
      });
    } else if (req.url === "/big") res.end(Buffer.alloc(700_000, 7));
    else if (req.url === "/missing") {
      res.statusCode = 404;
      res.end("no");
    } else if (req.url === "/close") {
      res.setHeader("connection", "close");
      res.end("bye");
    } else res.end(Buffer.alloc(31_357, 7));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("loadGets", () => {
  it.each(["/length", "/chunked", "/big"])("counts every answer of %s the server sent, none failed", async (path) => {
    served = 0;
    const run = await loadGets({ url: `${base}${path}`, connections: 4, duration: 0.5 });
    expect(run.count).toBeGreaterThan(0);
    expect(run.count).toBe(served);
    expect(run.non2xx).toBe(0);
    expect(run.p99).toBeGreaterThanOrEqual(run.p50);
  });

  it("counts answers outside 2xx as failed", async () => {
    const run = await loadGets({ url: `${base}/missing`, connections: 2, duration: 0.3 });
    expect(run.count).toBeGreaterThan(0);
    expect(run.non2xx).toBe(run.count);
  });

  it("reconnects to a server that closes after each answer", async () => {
    served = 0;
    const run = await loadGets({ url: `${base}/close`, connections: 2, duration: 0.3 });
    expect(run.count).toBe(served);
    expect(run.count).toBeGreaterThan(2);
  });
});
