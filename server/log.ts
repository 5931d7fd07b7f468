/**
 * The process's logger (pino, as Fastify's own), made once by whoever composes the process, and given to the HTTP
 * app, the services, the jobs and the bot. JSON lines at LOG_LEVEL in production and in test (for machines); in
 * development one readable line each through pino-pretty (for the person watching `npm run dev`), the HTTP app
 * then logging one line a request (server/http/app.ts) instead of Fastify's two.
 */
import type { FastifyBaseLogger } from "fastify";
import { pino, type DestinationStream } from "pino";
import { PinoPretty } from "pino-pretty";
import type { Config } from "./config";

/** Development's readable log: one line each, the time, level and message first, without pid and request ids. */
export function readableLog(destination?: NodeJS.WritableStream): DestinationStream {
  return PinoPretty({
    // Standard output by default, written at once as the JSON logger writes: a line logged just before the process
    // exits is not lost.
    destination: destination ?? 1,
    sync: true,
    singleLine: true,
    colorize: destination === undefined && Boolean(process.stdout.isTTY),
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId",
  });
}

export function createLogger(
  config: Pick<Config, "logLevel"> & Partial<Pick<Config, "env">>,
  bindings: Record<string, string> = {},
  destination?: NodeJS.WritableStream,
): FastifyBaseLogger {
  const options = { level: config.logLevel, base: { pid: process.pid, ...bindings } };
  if (config.env === "development") return pino(options, readableLog(destination));
  // Written at once, as Fastify's own logger writes: a line logged just before the process exits is not lost.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}
