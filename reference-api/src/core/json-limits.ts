/**
 * JSON request bodies are checked before they are parsed (ADR 036, issue 30): a body over the size limit is refused
 * by Fastify before it is read (its declared Content-Length) or while it arrives (`bodyLimit`), and a body nested
 * deeper than MAX_JSON_DEPTH levels of objects and arrays is refused by one linear scan of its text, before
 * JSON.parse: both 400 with the API's `{message, status}`. A body 8,000 levels deep answered 500 (the walks after
 * the parse — the NUL check, the schema validation — recurse once a level).
 */
import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors.js";

/**
 * The deepest body the contract describes is a scan outcome's rule (ScanOutcome → factors → criteria → conditions →
 * a condition's values: 6 levels); 32 leaves room for any later schema and is far below what a walk can take.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests deeper than `max` levels of objects and arrays. Brackets inside strings do not count
 * (escapes followed); the text need not be valid JSON (the parse that follows decides that).
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** Replaces Fastify's JSON parser with one that checks the depth first, then parses as Fastify does. */
export function registerJsonLimits(app: FastifyInstance, opts: { maxBytes: number; maxDepth?: number }): void {
  const maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH;
  // Prototype poisoning refused as Fastify's default does (`__proto__` and `constructor.prototype` keys: 400).
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: opts.maxBytes }, (req, body, done) => {
    const text = String(body); // parseAs "string": always text
    if (jsonDeeperThan(text, maxDepth)) {
      done(new ApiError(400, JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(req, text, done);
  });
}
