/**
 * The contract's `Idempotency-Key` header, implemented once for every operation that declares it (the create
 * operations; which ones is read from the contract, not listed here).
 *
 * - The first request with a key reserves (caller, operationId, key) with its request hash — an INSERT that the
 *   primary key lets only one of several concurrent first uses win — then runs normally; its answer is stored
 *   when it is a 2xx, and the reservation is dropped otherwise (a refused request may be corrected and resent).
 * - A repeat with the same request hash gets the stored status and body verbatim (`Idempotent-Replayed: true`);
 *   one that arrives while the first is still running waits for it (at most `waitMs`, then 409).
 * - A repeat with another request hash (other path parameters or body) answers 422 and runs nothing.
 * - Keys live 24 hours from their first use (`expires_at`); expired rows are ignored and purged. A reservation
 *   left without an answer (a process that died mid-request) is taken over after `staleMs`.
 *
 * The stored body is the API's own answer (it may hold patient data, like every other table); it is never logged.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import type { Db } from "../db/db.js";
import { ApiError } from "./errors.js";
import { uploadDigest } from "./uploads.js";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
export const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used with a different request.";
export const STILL_RUNNING_MESSAGE = "A request with this Idempotency-Key is still being processed; send it again later.";

export interface IdempotencyOptions {
  /** How long a repeat waits for the first request's answer. */
  waitMs?: number;
  /** After how long an unanswered reservation counts as abandoned. */
  staleMs?: number;
  /** How often expired keys are purged (at most; on the next keyed request). */
  purgeEveryMs?: number;
}

interface Reservation {
  callerId: string;
  operationId: string;
  key: string;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotency?: Reservation;
  }
}

/** JSON with object keys sorted, so equal requests hash equally whatever their key order. */
export function stableJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
}

/** The request a key stands for: path parameters, query (e.g. the ids of a bulk delete) and JSON body. */
export const requestHash = (params: unknown, body: unknown, query: unknown = {}) => createHash("sha256").update(stableJson({ params, query, body })).digest("hex");

/** Whether a route's (openapi-glue) schema declares the Idempotency-Key header. */
function declaresKey(route: RouteOptions): boolean {
  const headers = (route.schema as { headers?: { properties?: Record<string, unknown> } } | undefined)?.headers;
  return Object.keys(headers?.properties ?? {}).some((name) => name.toLowerCase() === IDEMPOTENCY_HEADER);
}

type Row = { request_hash: string; status: number | null; content_type: string | null; response_body: string | null; stale: boolean };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Registers the behaviour on `app`. Call before the routes are registered (it hooks onRoute); `caller` reads the
 * verified caller's id — the route's own preHandlers (authentication) run first.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, callerId: (req: FastifyRequest) => string, opts: IdempotencyOptions = {}): void {
  const waitMs = opts.waitMs ?? 10_000;
  const staleMs = opts.staleMs ?? 60_000;
  const purgeEveryMs = opts.purgeEveryMs ?? 10 * 60_000;
  let lastPurge = 0;

  async function purge() {
    const now = Date.now();
    if (now - lastPurge < purgeEveryMs) return;
    lastPurge = now;
    await db.query("DELETE FROM idempotency_keys WHERE expires_at <= now()");
  }

  function replay(reply: FastifyReply, row: Row): FastifyReply {
    reply.code(row.status!).header(REPLAYED_HEADER, "true");
    if (row.content_type) reply.type(row.content_type);
    return reply.send(row.response_body ?? undefined);
  }

  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (typeof raw !== "string" || raw === "") return;
    const operationId = req.routeOptions.config.operationId ?? req.routeOptions.url ?? "";
    const r: Reservation = { callerId: callerId(req), operationId, key: raw };
    // A multipart body is hashed by what it holds (core/uploads.ts), not its bytes: every client writes its own boundary.
    const hash = requestHash(req.params, req.isMultipart() ? await uploadDigest(req) : req.body, req.query);
    const ids = [r.callerId, r.operationId, r.key];
    await purge();
    const deadline = Date.now() + waitMs;
    for (;;) {
      // Expired keys and abandoned reservations give way; then exactly one INSERT wins.
      await db.query(
        `DELETE FROM idempotency_keys WHERE caller_id = $1 AND operation_id = $2 AND idem_key = $3
            AND (expires_at <= now() OR (status IS NULL AND created_at < now() - make_interval(secs => $4)))`,
        [...ids, staleMs / 1000],
      );
      const won = await db.one("INSERT INTO idempotency_keys (caller_id, operation_id, idem_key, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1 AS won", [...ids, hash]);
      if (won) {
        req.idempotency = r;
        return;
      }
      const row = await db.one<Row>("SELECT request_hash, status, content_type, response_body, false AS stale FROM idempotency_keys WHERE caller_id = $1 AND operation_id = $2 AND idem_key = $3", ids);
      if (!row) continue; // the first one was refused (its row dropped) or expired just now: try again
      if (row.request_hash !== hash) throw new ApiError(422, KEY_REUSED_MESSAGE);
      if (row.status !== null) return replay(reply, row);
      if (Date.now() > deadline) throw new ApiError(409, STILL_RUNNING_MESSAGE);
      await sleep(25);
    }
  };

  app.addHook("onRoute", (route) => {
    if (!declaresKey(route)) return;
    const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    // After the route's own preHandlers: openapi-glue authenticates there, and the key is the caller's.
    route.preHandler = [...own, guard as unknown as onRequestHookHandler] as RouteOptions["preHandler"];
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const r = req.idempotency;
    if (!r) return payload;
    req.idempotency = undefined;
    const ids = [r.callerId, r.operationId, r.key];
    const status = reply.statusCode;
    const body = payload === null || payload === undefined ? null : typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : undefined;
    if (status >= 200 && status < 300 && body !== undefined) {
      const type = reply.getHeader("content-type");
      await db.query("UPDATE idempotency_keys SET status = $4, content_type = $5, response_body = $6 WHERE caller_id = $1 AND operation_id = $2 AND idem_key = $3", [
        ...ids,
        status,
        typeof type === "string" ? type : null,
        body,
      ]);
    } else {
      await db.query("DELETE FROM idempotency_keys WHERE caller_id = $1 AND operation_id = $2 AND idem_key = $3", ids);
    }
    return payload;
  });
}
