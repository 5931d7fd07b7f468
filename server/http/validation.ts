/**
 * Request validation. Query strings and path parameters arrive as text, so they are coerced ("7" → 7);
 * JSON bodies are not: a number where a string belongs is the caller's mistake and gets a 400.
 */
import { Ajv } from "ajv";
import type { FastifyInstance, FastifySchema } from "fastify";

type HttpPart = "body" | "querystring" | "params" | "headers";

export function installValidation(app: FastifyInstance): void {
  const common = { removeAdditional: true, useDefaults: true, allErrors: false } as const;
  const coercing = new Ajv({ ...common, coerceTypes: "array" });
  const strict = new Ajv({ ...common, coerceTypes: false });
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) => {
    const ajv = (httpPart as HttpPart) === "body" ? strict : coercing;
    return ajv.compile(schema as object);
  });
}
