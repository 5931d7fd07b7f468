/**
 * The process's logger (pino, as Fastify's own): JSON lines at LOG_LEVEL. Made once by whoever composes
 * the process, and given to the HTTP app, the services, the jobs and the bot.
 */
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import type { Config } from "./config";

export function createLogger(config: Pick<Config, "logLevel">, bindings: Record<string, string> = {}): FastifyBaseLogger {
  // Written at once, as Fastify's own logger writes: a line logged just before the process exits is not lost.
  return pino({ level: config.logLevel, base: { pid: process.pid, ...bindings } }, pino.destination({ dest: 1, sync: true }));
}
