/**
 * Odd input and what the API's answers and logs may carry (issue 23, finding 10; ADR 024 §10):
 *
 * - Text with a NUL character (U+0000: `search=%00`) is refused 400 naming the parameter or field, before any
 *   handler runs: PostgreSQL cannot store or compare it ("invalid byte sequence for encoding UTF8: 0x00") and the
 *   six lists with a search answered 500. Query, path and JSON body, at any depth.
 * - Every answer that does not say otherwise is `Cache-Control: no-store`: the API's answers carry patients' data
 *   and the caller's own (ASVS 8.2.1); the few that may be kept (exercise media) set their own.
 * - An error is logged without the request's values: a database error carries its query's parameters (a search
 *   term, a name) and its message can quote a value; `errorLogFields` keeps the error's name, code and stack
 *   frames and the message with quoted parts blanked.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "./errors.js";

const NUL = "\u0000";

/** The first place in `value` (a parsed query, path or JSON body) holding text with a NUL, as a dotted path. */
export function nulAt(value: unknown, path: string): string | null {
  if (typeof value === "string") return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulAt(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object" && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      // A NUL in a key is refused too; the key itself is not repeated (it is the caller's text).
      if (key.includes(NUL)) return `${path} (a name)`;
      const found = nulAt(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** The 400 for a request with a NUL in its text, or null. */
export function nulRefusal(req: Pick<FastifyRequest, "query" | "params" | "body">): ApiError | null {
  const where = nulAt(req.query, "query parameter") ?? nulAt(req.params, "path parameter") ?? nulAt(req.body, "body");
  if (!where) return null;
  const named = where.replace(/^(query parameter|path parameter)\.?/, (_, kind: string) => `${kind} `).replace(/^body\.?/, "field ");
  return new ApiError(400, `The ${named.trim()} contains a NUL character (U+0000), which no text may contain.`);
}

export function registerOddInput(app: FastifyInstance): void {
  app.addHook("preValidation", async (req) => {
    const refusal = nulRefusal(req);
    if (refusal) throw refusal;
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("Cache-Control", "no-store");
    return payload;
  });
}

/** What of an error may be logged: no query parameters, no values quoted in its message. */
export function errorLogFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const e = err as Error & { code?: unknown; routine?: unknown; statusCode?: unknown };
  const message = e.message.replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"').slice(0, 300);
  const frames = (e.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .join("\n");
  return {
    type: e.name,
    message,
    ...(typeof e.code === "string" || typeof e.code === "number" ? { code: e.code } : {}),
    ...(typeof e.routine === "string" ? { routine: e.routine } : {}),
    ...(typeof e.statusCode === "number" ? { statusCode: e.statusCode } : {}),
    stack: frames,
  };
}
