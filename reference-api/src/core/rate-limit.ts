/**
 * Rate limiting (OWASP API4:2023): every request counts against its caller's budget of `points` requests per
 * window (a minute by default, `RATE_LIMIT_PER_MINUTE`). The caller is the verified access token's subject, else
 * the client address (anonymous calls, and tokens that do not verify, which will be answered 401 anyway — a
 * forged token can therefore never spend another user's budget). Every answer carries `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the window resets); over the budget the answer is
 * 429 `{message, status}` with `Retry-After`, before any other work is done.
 *
 * The counters live in this process's memory (rate-limiter-flexible's RateLimiterMemory): right for the
 * single-process reference API; several processes would share a store (RateLimiterPostgres/Redis) — ADR 019.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { TokenVerifier, VerifiedToken } from "./auth.js";

export interface RateLimitOptions {
  /** Requests allowed per caller and window. */
  points: number;
  /** The window, in seconds (60 in production; shorter in tests). */
  windowSeconds: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The bearer token's verification, started once by the rate limiter and reused by the security handler. */
    verifiedToken?: { token: string; result: Promise<VerifiedToken | null> };
  }
}

/** The bearer token of a request, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return match ? match[1]! : null;
}

/** Verifies the request's bearer token once per request (null when it does not verify). */
export function verifyOnce(req: FastifyRequest, verifier: TokenVerifier, token: string): Promise<VerifiedToken | null> {
  if (req.verifiedToken?.token !== token) req.verifiedToken = { token, result: verifier.verify(token).catch(() => null) };
  return req.verifiedToken.result;
}

export function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions & { verifier: TokenVerifier }): void {
  const limiter = new RateLimiterMemory({ points: opts.points, duration: opts.windowSeconds });
  const limit = String(opts.points);

  app.addHook("onRequest", async (req, reply) => {
    const token = bearerToken(req);
    const subject = token ? await verifyOnce(req, opts.verifier, token) : null;
    const key = subject ? `user:${subject.userId}` : `addr:${req.ip}`;
    let res: RateLimiterRes;
    let refused = false;
    try {
      res = await limiter.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      res = e;
      refused = true;
    }
    const reset = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    reply.header("RateLimit-Limit", limit).header("RateLimit-Remaining", String(Math.max(0, res.remainingPoints))).header("RateLimit-Reset", String(reset));
    if (refused) {
      req.log.warn({ op: req.routeOptions.config?.operationId, caller: subject ? "user" : "address" }, "rate limit exceeded");
      return reply
        .code(429)
        .header("Retry-After", String(reset))
        .type("application/json")
        .send({ message: `Too many requests: at most ${limit} every ${opts.windowSeconds} seconds. Try again in ${reset} seconds.`, status: 429 });
    }
  });
}
