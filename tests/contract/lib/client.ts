/**
 * The suite's one HTTP client: builds the request of an operation (path template, query, JSON / raw /
 * multipart body, the role's bearer token), validates the response against the contract with the reference
 * API's ResponseValidator (documented status and content type, body schema with formats on, error bodies
 * `{message, status}` repeating the HTTP status), and records the call for the conformance table.
 */
import { expect } from "vitest";
import { ResponseValidator } from "../../../reference-api/src/core/contract-validator.js";
import { contract, operation, type Operation } from "./contract.js";
import { record, type CheckKind } from "./recorder.js";
import { target } from "./env.js";
import type { Role } from "./target.js";

// The suite talks about arbitrary JSON; the contract decides its shape (checked by the validator).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type J = any;

export type QueryValue = string | number | boolean | null | undefined | (string | number | boolean)[];

export interface FilePart {
  content: Buffer | string;
  filename: string;
  type: string;
}

export interface Req {
  /** operationId of the contract. */
  op: string;
  /** Whose token to send; null = none. */
  as?: Role | null;
  /** A raw Authorization header (overrides `as`). */
  authorization?: string;
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** A raw body (malformed JSON and the like). */
  raw?: { text: string | Buffer; contentType?: string };
  /** multipart/form-data parts. */
  multipart?: Record<string, string | FilePart>;
  accept?: string;
  /** Further request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  kind?: CheckKind;
}

export interface Res {
  op: string;
  url: string;
  status: number;
  contentType: string;
  /** Parsed JSON, else the text (textual types), else undefined. */
  body: J;
  text: string;
  bytes: Buffer;
  /** Contract violation of this response, or null. */
  problem: string | null;
  ms: number;
  req: Req;
  /** The response's headers. */
  headers: Headers;
}

const validator = new ResponseValidator(contract);

export const hasRole = (role: Role) => !!target().tokens[role];

export function tokenOf(role: Role): string {
  const t = target().tokens[role];
  if (!t) throw new Error(`no credentials for role ${role}`);
  return t;
}

export function buildUrl(op: Operation, params: Record<string, string | number> = {}, query: Record<string, QueryValue> = {}): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${op.operationId}: path parameter ${name} is missing`);
    return encodeURIComponent(String(v));
  });
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) qs.append(k, String(x));
    else qs.append(k, String(v));
  }
  const q = qs.toString();
  return `${target().apiUrl}${path}${q ? `?${q}` : ""}`;
}

export async function call(req: Req): Promise<Res> {
  const op = operation(req.op);
  const url = buildUrl(op, req.params, req.query);
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  if (req.authorization !== undefined) headers.authorization = req.authorization;
  else if (req.as) headers.authorization = `Bearer ${tokenOf(req.as)}`;
  if (req.accept) headers.accept = req.accept;
  let body: string | Blob | FormData | undefined;
  if (req.raw) {
    body = typeof req.raw.text === "string" ? req.raw.text : new Blob([new Uint8Array(req.raw.text)]);
    if (req.raw.contentType) headers["content-type"] = req.raw.contentType;
  } else if (req.multipart) {
    const form = new FormData();
    for (const [name, part] of Object.entries(req.multipart)) {
      if (typeof part === "string") form.append(name, part);
      else form.append(name, new Blob([typeof part.content === "string" ? part.content : new Uint8Array(part.content)], { type: part.type }), part.filename);
    }
    body = form;
  } else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers["content-type"] = "application/json";
  }
  const started = Date.now();
  let res: Response;
  try {
    res = await fetch(url, { method: op.method, headers, body, redirect: "manual" });
  } catch (err) {
    throw new Error(`${op.operationId} ${op.method} ${url}: the request failed: ${(err as Error).message}`, { cause: err });
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = Date.now() - started;
  const contentType = res.headers.get("content-type") ?? "";
  const mime = contentType.split(";")[0]!.trim();
  const textual = mime === "" || mime.startsWith("text/") || mime.includes("json") || mime.includes("xml") || mime.includes("svg");
  const text = textual ? bytes.toString("utf8") : "";
  let parsed: J = textual ? text : undefined;
  let problem: string | null = null;
  if (mime === "application/json" || mime.endsWith("+json")) {
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      problem = `${op.operationId} ${res.status}: the body is not valid JSON`;
    }
  }
  if (!problem) {
    const forValidator = bytes.length === 0 ? undefined : mime === "application/json" ? parsed : text || bytes;
    problem = validator.check(op.path, op.method, res.status, contentType || undefined, forValidator);
  }
  if (!problem && res.status >= 400) {
    const b = parsed as { message?: unknown; status?: unknown } | undefined;
    if (!b || typeof b !== "object") problem = `${op.operationId} ${res.status}: an error without a {message, status} body`;
    else if (b.status !== res.status) problem = `${op.operationId} ${res.status}: the error body says status ${String(b.status)}`;
    else if (typeof b.message !== "string" || b.message.trim() === "") problem = `${op.operationId} ${res.status}: the error message is empty`;
  }
  if (!problem && res.status >= 500) problem = `${op.operationId}: server error ${res.status}: ${text.slice(0, 300)}`;
  record(target().recordFile, { op: op.operationId, kind: req.kind ?? "setup", status: res.status, problem, ms });
  return { op: op.operationId, url, status: res.status, contentType, body: parsed, text, bytes, problem, ms, req, headers: res.headers };
}

/** A one-line description of a response for assertion messages (no tokens; bodies shortened). */
export function describeRes(res: Res): string {
  const q = res.url.replace(target().apiUrl, "");
  const sent = res.req.body !== undefined ? ` body=${JSON.stringify(res.req.body).slice(0, 400)}` : res.req.raw ? ` raw=${String(res.req.raw.text).slice(0, 120)}` : "";
  const got = res.text ? res.text.slice(0, 400) : `<${res.bytes.length} bytes ${res.contentType}>`;
  return `${res.op} ${res.req.as ?? "(no token)"} ${res.req.kind ?? ""} ${q}${sent}\n  → ${res.status} ${got}${res.problem ? `\n  contract: ${res.problem}` : ""}`;
}

/** Asserts the response conforms to the contract, is not a 5xx, and has one of the expected statuses. */
export function expectStatus(res: Res, expected: number | number[], soft = false): void {
  const codes = Array.isArray(expected) ? expected : [expected];
  const e = soft ? expect.soft : expect;
  e(res.problem, `contract violation\n${describeRes(res)}`).toBeNull();
  e(codes, `unexpected status\n${describeRes(res)}`).toContain(res.status);
}

/** Expects a success of the operation (one of its documented 2xx codes) and answers the body. */
export function expectSuccess(res: Res): J {
  const op = operation(res.op);
  expectStatus(res, op.successStatuses);
  return res.body;
}

/** Calls and expects success. */
export async function ok(req: Req): Promise<J> {
  const res = await call(req);
  return expectSuccess(res);
}

/** A step of a round trip (recorded as `kind: "roundtrip"`): `rt` expects success and answers the body, `rtCall` answers the response. */
export const rt = (req: Req): Promise<J> => ok({ ...req, kind: "roundtrip" });
export const rtCall = (req: Req): Promise<Res> => call({ ...req, kind: "roundtrip" });

/** An error response: the status and an Error body `{message, status}` (the message not empty). */
export function expectError(res: Res, expected: number | number[], soft = false): void {
  expectStatus(res, expected, soft);
  const e = soft ? expect.soft : expect;
  e(typeof res.body?.message === "string" && res.body.message.length > 0, `error without a message\n${describeRes(res)}`).toBe(true);
  e(res.body?.status, `error body status\n${describeRes(res)}`).toBe(res.status);
}
