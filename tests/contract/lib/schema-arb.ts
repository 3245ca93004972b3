/**
 * Inputs from JSON Schema with fast-check:
 * - `arbitrary(schema)`: VALID values (formats, patterns, bounds, enums, required/optional properties);
 * - `invalidBodyCases(schema, base)` / `invalidParamCases(op, base)`: INVALID variants of a valid request —
 *   a required field dropped, a wrong type, a bad format, an unknown enum value, a pattern or bound broken,
 *   an unknown property, a body of the wrong shape. Every invalid variant is checked with Ajv (formats on, no
 *   type coercion for JSON bodies; the wire's string coercion for query and path parameters) to really be
 *   invalid, so a 2xx answer to it is a finding, not noise.
 */
import fc from "fast-check";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { createAjv } from "../../../reference-api/src/core/contract-validator.js";
import { isSingleLine, SINGLE_LINE_PATTERN } from "../../../app/domain/single-line.js";
import type { JsonSchema, Operation, Parameter } from "./contract.js";

const strictAjv = createAjv({ coerceTypes: false });
const wireAjv = createAjv({ coerceTypes: "array" });
const compiled = new WeakMap<object, ValidateFunction>();
const compiledWire = new WeakMap<object, ValidateFunction>();

/** Validates a JSON value (no coercion). */
export function isValid(schema: JsonSchema, value: unknown): boolean {
  let v = compiled.get(schema);
  if (!v) {
    v = strictAjv.compile(schema);
    compiled.set(schema, v);
  }
  return v(structuredClone(value)) as boolean;
}

/** Validates as the wire does for query/path parameters: strings coerced to the schema's types. */
function isValidOnWire(schema: JsonSchema, value: unknown): boolean {
  let v = compiledWire.get(schema);
  if (!v) {
    v = wireAjv.compile(schema);
    compiledWire.set(schema, v);
  }
  return v(structuredClone(value)) as boolean;
}

export const validationErrors = (schema: JsonSchema, value: unknown): string => {
  isValid(schema, value);
  return strictAjv.errorsText(compiled.get(schema)?.errors ?? []);
};

export interface ArbOptions {
  /** A suffix making generated e-mails unique across runs. */
  unique: () => string;
  /** Longest plain string generated (default 40). */
  stringMax?: number;
  /** Most array items generated (default 3). */
  arrayMax?: number;
}

const typesOf = (s: JsonSchema): string[] => {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === "string") return [s.type];
  if (s.properties) return ["object"];
  if (s.items) return ["array"];
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? "null" : typeof v === "number" ? "number" : typeof v)))];
  return [];
};

const codePoints = (s: string) => [...s].length;

function stringArb(s: JsonSchema, o: ArbOptions): fc.Arbitrary<string> {
  const max = s.maxLength ?? Number.MAX_SAFE_INTEGER;
  const min = s.minLength ?? 0;
  const fits = (x: string) => codePoints(x) <= max && codePoints(x) >= min && x.length <= Math.max(max, 1) * 2;
  switch (s.format) {
    case "email":
      return fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/).map((l) => `${l}.${o.unique()}@contract.example`).filter(fits);
    case "uuid":
      return fc.uuid({ version: 4 });
    case "date":
      return fc.integer({ min: 0, max: 365 * 60 }).map((d) => new Date(Date.UTC(1950, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
    case "date-time":
      return fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2025, 11, 31) }).map((ms) => new Date(ms).toISOString());
    case "uri":
    case "url":
      return fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/).map((p) => `https://contract.example/${p}`).filter(fits);
    default:
      break;
  }
  // Names and titles (SingleLineText): any text on one line, as for a plain string.
  if (s.pattern && s.pattern !== SINGLE_LINE_PATTERN) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  const cap = Math.min(max, o.stringMax ?? 40);
  return fc
    .string({ unit: "grapheme", minLength: Math.max(1, min), maxLength: Math.max(1, cap) })
    .filter((x) => x.trim().length > 0 && fits(x) && (s.pattern !== SINGLE_LINE_PATTERN || isSingleLine(x)));
}

/** Text that breaks the SingleLineText rule: a line break or another control character inside (never NUL: refused on its own). */
const notSingleLineArb = fc
  .tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.constantFrom("\r\n", "\n", "\r", "\t", "\u0007", "\u001b", "\u007f", "\u0085", "\u2028", "\u2029"), fc.string({ maxLength: 6 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

/** A schema with its `allOf` parts merged in (the contract's `allOf: [SingleLineText]` on names). */
function mergeAllOf(s: JsonSchema): JsonSchema {
  if (!s.allOf) return s;
  const { allOf, ...rest } = s;
  return allOf.reduce<JsonSchema>(
    (acc, x) => ({ ...acc, ...x, properties: { ...(acc.properties ?? {}), ...(x.properties ?? {}) }, required: [...(acc.required ?? []), ...(x.required ?? [])] }),
    rest,
  );
}

/** Valid values of a schema (inlined: no $ref). */
export function arbitrary(schema: JsonSchema, o: ArbOptions): fc.Arbitrary<unknown> {
  const s = schema ?? {};
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.oneOf ?? s.anyOf;
  if (alts) {
    const { oneOf: _o, anyOf: _a, ...rest } = s;
    return fc.oneof(...alts.map((a) => arbitrary({ ...rest, ...a }, o)));
  }
  if (s.allOf) return arbitrary(mergeAllOf(s), o);
  const types = typesOf(s);
  if (types.length > 1) {
    // Mostly the non-null type: null is one valid choice of several.
    const nonNull = types.filter((t) => t !== "null");
    const arbs = nonNull.map((t) => ({ arbitrary: arbitrary({ ...s, type: t }, o), weight: 3 }));
    if (types.includes("null")) arbs.push({ arbitrary: fc.constant(null) as fc.Arbitrary<unknown>, weight: 1 });
    return fc.oneof(...arbs);
  }
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
      return fc.integer({ min, max });
    }
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
    case "string":
      return stringArb(s, o);
    case "array": {
      const item = arbitrary(s.items ?? {}, o);
      const maxLength = Math.min(s.maxItems ?? o.arrayMax ?? 3, o.arrayMax ?? 3);
      const minLength = Math.min(s.minItems ?? 0, maxLength);
      return s.uniqueItems ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(item, { minLength, maxLength });
    }
    case "object": {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitrary(v, o)]));
      const requiredKeys = (s.required ?? []).filter((k) => k in props);
      return fc.record(model, { requiredKeys }) as fc.Arbitrary<unknown>;
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

// ---------------------------------------------------------------------------------------------------------
// Invalid variants

export type InvalidKind = "missing" | "type" | "format" | "enum" | "pattern" | "bounds" | "additional" | "shape" | "malformed";

export interface InvalidCase {
  kind: InvalidKind;
  /** Where: a JSON pointer into the body, or `query.<name>` / `path.<name>`. */
  where: string;
  /** The whole mutated body (or parameter value). */
  value: unknown;
}

export interface InvalidSite {
  kind: InvalidKind;
  where: string;
  arb: fc.Arbitrary<InvalidCase>;
  /** Whether a generated case is really invalid (a case that happens to be valid is not sent). */
  invalid?: (c: InvalidCase) => boolean;
}

/**
 * Drops sites that cannot produce an invalid case (sampled with the seed) and answers, per site, one invalid
 * example (deterministic: the first invalid of a few samples).
 */
export function usableSites(sites: InvalidSite[], seed: number): { site: InvalidSite; example: InvalidCase }[] {
  const out: { site: InvalidSite; example: InvalidCase }[] = [];
  for (const site of sites) {
    const samples = fc.sample(site.arb, { seed, numRuns: 12 });
    const example = samples.find((c) => site.invalid?.(c) ?? true);
    if (example) out.push({ site, example });
  }
  return out;
}

const DELETE = Symbol("delete");
type Path = (string | number)[];

function setIn(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (value === DELETE) delete copy[head!];
    else copy[head!] = value;
  } else copy[head!] = setIn(copy[head!] ?? {}, rest, value);
  return copy;
}

const pointer = (p: Path) => (p.length ? `/${p.join("/")}` : "/");

/** Values of another JSON type than the schema allows. */
function wrongTypeArb(s: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(s);
  const candidates: fc.Arbitrary<unknown>[] = [];
  if (!types.includes("string")) candidates.push(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom("1", "true", "null", ""));
  if (!types.includes("integer") && !types.includes("number")) candidates.push(fc.integer({ min: -100, max: 100000 }));
  if (types.includes("integer")) candidates.push(fc.double({ min: 0.01, max: 999, noNaN: true }).filter((x) => !Number.isInteger(x)));
  if (!types.includes("boolean")) candidates.push(fc.boolean());
  if (!types.includes("array")) candidates.push(fc.constant([]), fc.array(fc.integer(), { minLength: 1, maxLength: 2 }));
  if (!types.includes("object")) candidates.push(fc.constant({}), fc.constant({ value: 1 }));
  return fc.oneof(...candidates);
}

const BAD_FORMATS: Record<string, string[]> = {
  email: ["not-an-email", "a@", "@example.com", "two@@example.com", "spaces in@example.com"],
  uuid: ["not-a-uuid", "1234", "00000000-0000-0000-0000-00000000000g", "123e4567e89b12d3a456426614174000x"],
  date: ["2024-13-01", "2024-02-30", "24-01-01", "01/02/2024", "yesterday", "2024-1-1"],
  "date-time": ["2024-01-01", "yesterday", "2024-01-01T25:00:00Z", "2024-13-01T00:00:00Z", "1700000000"],
  uri: ["not a uri", "://missing-scheme", "http//x"],
};

function stringSites(s: JsonSchema, path: Path, set: (v: unknown) => unknown, where: string): InvalidSite[] {
  const sites: InvalidSite[] = [];
  const mk = (kind: InvalidKind, arb: fc.Arbitrary<unknown>) => sites.push({ kind, where, arb: arb.map((v) => ({ kind, where, value: set(v) })) });
  if (s.enum) mk("enum", fc.stringMatching(/^[A-Z][A-Z_]{2,14}$/).filter((x) => !s.enum!.includes(x)));
  if (s.format && BAD_FORMATS[s.format]) mk("format", fc.oneof(fc.constantFrom(...BAD_FORMATS[s.format]!), fc.string({ minLength: 1, maxLength: 12 })));
  if (s.pattern === SINGLE_LINE_PATTERN) mk("pattern", notSingleLineArb);
  else if (s.pattern) mk("pattern", fc.string({ minLength: 1, maxLength: 16 }).filter((x) => !new RegExp(s.pattern!).test(x)));
  if (s.maxLength !== undefined && s.maxLength < 20_000) mk("bounds", fc.integer({ min: 1, max: 5 }).map((n) => "x".repeat(s.maxLength! + n)));
  if (s.minLength !== undefined && s.minLength > 0) mk("bounds", fc.constant(""));
  void path;
  return sites;
}

function walk(s: JsonSchema, value: unknown, path: Path, root: unknown, sites: InvalidSite[], depth: number): void {
  if (!s || depth > 6) return;
  s = mergeAllOf(s);
  const where = pointer(path);
  const set = (v: unknown) => setIn(root, path, v);
  const types = typesOf(s);
  const alts = s.oneOf ?? s.anyOf;
  if (alts) {
    // A union: only whole-value type mutations are safe to derive.
    sites.push({ kind: "type", where, arb: wrongTypeArb({ type: [...new Set(alts.flatMap(typesOf))] }).map((v) => ({ kind: "type" as const, where, value: set(v) })) });
    return;
  }
  if (path.length > 0 && types.length > 0) {
    sites.push({ kind: "type", where, arb: wrongTypeArb(s).map((v) => ({ kind: "type" as const, where, value: set(v) })) });
  }
  if (types.includes("string") || (s.enum && !types.includes("object"))) sites.push(...stringSites(s, path, set, where));
  if (types.includes("integer") || types.includes("number")) {
    if (s.maximum !== undefined) sites.push({ kind: "bounds", where, arb: fc.integer({ min: 1, max: 1000 }).map((n) => ({ kind: "bounds" as const, where, value: set(s.maximum! + n) })) });
    if (s.minimum !== undefined) sites.push({ kind: "bounds", where, arb: fc.integer({ min: 1, max: 1000 }).map((n) => ({ kind: "bounds" as const, where, value: set(s.minimum! - n) })) });
  }
  if (types.includes("array")) {
    const arr = Array.isArray(value) ? value : [];
    if (s.maxItems !== undefined && s.maxItems <= 200 && arr.length > 0) {
      const over = Array.from({ length: s.maxItems + 1 }, (_, i) => arr[i % arr.length]);
      sites.push({ kind: "bounds", where, arb: fc.constant({ kind: "bounds" as const, where, value: set(over) }) });
    }
    if (s.minItems !== undefined && s.minItems > 0) sites.push({ kind: "bounds", where, arb: fc.constant({ kind: "bounds" as const, where, value: set([]) }) });
    if (s.items && arr.length > 0) walk(s.items, arr[0], [...path, 0], root, sites, depth + 1);
  }
  if (types.includes("object") && value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const r of s.required ?? []) {
      if (r in obj) sites.push({ kind: "missing", where: pointer([...path, r]), arb: fc.constant({ kind: "missing" as const, where: pointer([...path, r]), value: setIn(root, [...path, r], DELETE) }) });
    }
    if (s.additionalProperties === false) {
      const known = new Set(Object.keys(s.properties ?? {}));
      sites.push({
        kind: "additional",
        where,
        arb: fc
          .tuple(fc.stringMatching(/^[a-z][a-zA-Z]{2,12}$/).filter((k) => !known.has(k)), fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean()))
          .map(([k, v]) => ({ kind: "additional" as const, where: pointer([...path, k]), value: setIn(root, [...path, k], v) })),
      });
    }
    for (const [k, ps] of Object.entries(s.properties ?? {})) walk(ps, obj[k], [...path, k], root, sites, depth + 1);
  }
}

/** Invalid variants of a valid JSON body. Each case is invalid against `schema` (checked). */
export function invalidBodyCases(schema: JsonSchema, base: unknown): InvalidSite[] {
  const sites: InvalidSite[] = [];
  walk(schema, base, [], base, sites, 0);
  sites.push({
    kind: "shape",
    where: "/",
    arb: fc.constantFrom<unknown>([], "text", 42, null, true, [base]).map((v) => ({ kind: "shape" as const, where: "/", value: v })),
  });
  return sites.map((site) => ({ ...site, invalid: (c: InvalidCase) => !isValid(schema, c.value) }));
}

/** Texts that are not JSON, sent with `Content-Type: application/json`. */
export const MALFORMED_JSON = ['{"', "{", '{"a":1,}', "{'a': 1}", "[1, 2", "nul", '{"a": undefined}', "\u0000", "{}}"];

/** Invalid variants of the query and path parameters of a valid request. */
export function invalidParamCases(op: Operation, base: { params?: Record<string, string | number>; query?: Record<string, unknown> }): InvalidSite[] {
  const sites: InvalidSite[] = [];
  const query = base.query ?? {};
  const params = base.params ?? {};
  const qParams = op.params.filter((p) => p.in === "query");
  const qSchema: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(qParams.map((p) => [p.name, p.schema])),
    required: qParams.filter((p) => p.required).map((p) => p.name),
  };
  for (const p of op.params.filter((x) => x.in === "query" || x.in === "path")) {
    const where = `${p.in}.${p.name}`;
    const valueSet = (v: unknown) => (p.in === "query" ? { query: { ...query, [p.name]: v }, params } : { query, params: { ...params, [p.name]: v } });
    const validOnWire = (c: InvalidCase) => {
      const v = c.value as { query: Record<string, unknown>; params: Record<string, unknown> };
      if (p.in === "path") {
        const s = String(v.params[p.name]);
        // A path value must stay one routable segment.
        if (s === "" || s === "." || s === "..") return true;
        return isValidOnWire({ type: "object", properties: { [p.name]: p.schema } }, { [p.name]: s });
      }
      const q = Object.fromEntries(Object.entries(v.query).filter(([, x]) => x !== undefined && x !== null).map(([k, x]) => [k, Array.isArray(x) ? x.map(String) : String(x)]));
      return isValidOnWire(qSchema, q);
    };
    const add = (kind: InvalidKind, arb: fc.Arbitrary<unknown>) =>
      sites.push({ kind, where, arb: arb.map((v) => ({ kind, where, value: valueSet(v) })), invalid: (c) => !validOnWire(c) });
    const s = p.schema.type === "array" && p.schema.items ? p.schema.items : p.schema;
    const types = typesOf(s);
    if (p.in === "query" && p.required && p.name in query) {
      sites.push({ kind: "missing", where, arb: fc.constant({ kind: "missing" as const, where, value: { query: Object.fromEntries(Object.entries(query).filter(([k]) => k !== p.name)), params } }), invalid: (c) => !validOnWire(c) });
    }
    const segment = fc.stringMatching(/^[a-zA-Z0-9_~-][a-zA-Z0-9._~-]{1,20}$/);
    if (types.includes("integer") || types.includes("number")) {
      add("type", fc.oneof(segment, fc.constantFrom("1.5", "abc", "1e400", "0x10", "true")));
      if (s.maximum !== undefined) add("bounds", fc.integer({ min: 1, max: 1_000_000 }).map((n) => s.maximum! + n));
      if (s.minimum !== undefined) add("bounds", fc.integer({ min: 1, max: 1000 }).map((n) => s.minimum! - n));
    }
    if (types.includes("boolean")) add("type", fc.oneof(segment, fc.constantFrom("maybe", "2", "yes!")));
    if (s.enum) add("enum", fc.stringMatching(/^[A-Z][A-Z_]{2,14}$/).filter((x) => !s.enum!.includes(x)));
    if (s.format && BAD_FORMATS[s.format]) add("format", fc.oneof(fc.constantFrom(...BAD_FORMATS[s.format]!.filter((x) => p.in === "query" || !x.includes("/"))), segment));
    if (s.pattern) add("pattern", p.in === "path" ? segment : fc.string({ minLength: 1, maxLength: 16 }));
    if (s.maxLength !== undefined && s.maxLength < 8000) add("bounds", fc.integer({ min: 1, max: 5 }).map((n) => "x".repeat(s.maxLength! + n)));
  }
  return sites;
}

/** The parameter schema of a query/path parameter (for valid generation). */
export const paramSchema = (p: Parameter) => p.schema;
