import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiConfig } from "../config.js";
import type { Db } from "../db/db.js";
import type { Caller } from "./auth.js";
import type { OperationId, PathParams, QueryParams, RequestBody, ResponseBody } from "./contract.js";
import type { FileStore } from "./files.js";
import type { IdentityAdmin } from "./identity-admin.js";
import type { Signer } from "./signing.js";

/** What every handler can use: the database, the file store, URL signing and configuration. */
export interface Services {
  db: Db;
  files: FileStore;
  signer: Signer;
  config: ApiConfig;
  /** The identity service's admin API (null without a configured user pool, e.g. in unit tests). */
  identity: IdentityAdmin | null;
}

export interface HandlerContext<K extends OperationId> extends Services {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The verified caller. Throws 401 when read in an operation without security (there is none). */
  caller: Caller;
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
}

/**
 * A handler returns the success body (typed by the contract). To answer another success code,
 * call `ctx.reply.code(201)` (or 204 and return undefined). To fail, throw an ApiError.
 * A handler that sends a non-JSON body (PDF, file) calls `ctx.reply.type(...).send(...)` and returns `ctx.reply`.
 */
export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<ResponseBody<K> | FastifyReply>;
export type HandlerMap = { [K in OperationId]?: Handler<K> };

/** Identity helper that keeps each handler typed by its operationId key. */
export function defineHandlers<M extends HandlerMap>(map: M): M {
  return map;
}
