/**
 * The operation table of the contract suite, built from the bundled contract (openapi/dist/provider-api.json):
 * every path × method with its operationId, security, parameters, request body and documented responses.
 * Nothing here is specific to one operation: new operations of the contract appear in the table by themselves.
 */
import { bundledContractPath, loadContract, type OpenApiDoc } from "../../../reference-api/src/core/contract-validator.js";

export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  example?: unknown;
  contentMediaType?: string;
};

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: JsonSchema;
  style?: string;
  explode?: boolean;
}

export interface Operation {
  operationId: string;
  method: string;
  /** The OpenAPI path template, e.g. /v2/patients/{id}. */
  path: string;
  tags: string[];
  /** Whether a bearer token is required (security requirement not empty). */
  secured: boolean;
  params: Parameter[];
  body?: { contentType: string; schema: JsonSchema; required: boolean; contentTypes: string[] };
  /** Documented status codes as written ("200", "400", …). */
  statuses: string[];
  /** Documented success codes (2xx) as numbers. */
  successStatuses: number[];
  /** Documented content types per status. */
  contentTypes: Record<string, string[]>;
  description: string;
}

export const contractPath = bundledContractPath;
export const contract: OpenApiDoc & { security?: unknown[] } = loadContract();

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** Follows local `$ref`s at the top of a node (not inside it). */
export function deref<T>(node: T): T {
  let v = node as unknown as { $ref?: string };
  let guard = 0;
  while (v && typeof v === "object" && typeof v.$ref === "string" && v.$ref.startsWith("#/")) {
    if (++guard > 50) throw new Error(`circular $ref ${v.$ref}`);
    v = v.$ref
      .slice(2)
      .split("/")
      .reduce<unknown>((n, part) => (n as Record<string, unknown>)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], contract) as { $ref?: string };
  }
  return v as unknown as T;
}

/** A schema with every `$ref` inlined (the contract's schemas are not recursive; a cycle is cut at depth 30). */
export function inline(schema: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!schema || typeof schema !== "object") return (schema ?? {}) as JsonSchema;
  if (depth > 30) return {};
  let s = schema;
  if (s.$ref) {
    const { $ref: _ignored, ...rest } = s;
    s = { ...deref({ $ref: s.$ref } as JsonSchema), ...rest };
  }
  const out: JsonSchema = { ...s };
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, inline(v, depth + 1)]));
  if (s.items) out.items = inline(s.items, depth + 1);
  if (s.additionalProperties && typeof s.additionalProperties === "object") out.additionalProperties = inline(s.additionalProperties, depth + 1);
  for (const k of ["oneOf", "anyOf", "allOf"] as const) if (s[k]) out[k] = s[k]!.map((x) => inline(x, depth + 1));
  return out;
}

function buildOperations(): Operation[] {
  const ops: Operation[] = [];
  const globalSecurity = (contract.security ?? []) as unknown[];
  for (const [path, item] of Object.entries(contract.paths)) {
    const pathItem = item as Record<string, unknown> & { parameters?: unknown[] };
    for (const method of METHODS) {
      const op = pathItem[method] as
        | {
            operationId?: string;
            tags?: string[];
            security?: unknown[];
            parameters?: unknown[];
            requestBody?: unknown;
            responses?: Record<string, unknown>;
            description?: string;
          }
        | undefined;
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const security = (op.security ?? globalSecurity) as Record<string, unknown>[];
      const secured = security.length > 0 && !security.some((req) => Object.keys(req).length === 0);
      const params = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map((p) => {
        const d = deref(p as Parameter & { $ref?: string });
        return { name: d.name, in: d.in, required: d.required === true || d.in === "path", schema: inline(d.schema), style: d.style, explode: d.explode } satisfies Parameter;
      });
      let body: Operation["body"];
      if (op.requestBody) {
        const rb = deref(op.requestBody as { required?: boolean; content: Record<string, { schema?: JsonSchema }> });
        const contentTypes = Object.keys(rb.content ?? {});
        const contentType = contentTypes.includes("application/json") ? "application/json" : contentTypes[0]!;
        body = { contentType, contentTypes, schema: inline(rb.content[contentType]?.schema), required: rb.required === true };
      }
      const responses = op.responses ?? {};
      const statuses = Object.keys(responses);
      const contentTypes = Object.fromEntries(
        statuses.map((code) => [code, Object.keys(deref(responses[code] as { content?: Record<string, unknown> }).content ?? {})]),
      );
      ops.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        tags: op.tags ?? [],
        secured,
        params,
        body,
        statuses,
        successStatuses: statuses.filter((s) => /^2\d\d$/.test(s)).map(Number),
        contentTypes,
        description: op.description ?? "",
      });
    }
  }
  return ops;
}

export const operations: Operation[] = buildOperations();
const byId = new Map(operations.map((o) => [o.operationId, o]));

export function operation(operationId: string): Operation {
  const op = byId.get(operationId);
  if (!op) throw new Error(`operation ${operationId} is not in the contract (${contractPath})`);
  return op;
}

export const hasOperation = (operationId: string) => byId.has(operationId);

/** Whether the operation documents this status code. */
export const documents = (op: Operation, status: number) => op.statuses.includes(String(status)) || op.statuses.includes(`${String(status)[0]}XX`);

/** The JSON schema of a success response (first documented 2xx with application/json). */
export function successSchema(op: Operation): JsonSchema | undefined {
  const raw = (contract.paths[op.path] as Record<string, { responses?: Record<string, unknown> }>)[op.method.toLowerCase()]?.responses ?? {};
  for (const code of op.successStatuses) {
    const r = deref(raw[String(code)] as { content?: Record<string, { schema?: JsonSchema }> });
    const s = r?.content?.["application/json"]?.schema;
    if (s) return inline(s);
  }
  return undefined;
}

/** A paged list: success body `{items, metadata}` and `page`/`limit` query parameters. */
export function isPagedList(op: Operation): boolean {
  const s = successSchema(op);
  return !!s?.properties?.items && !!s.properties.metadata && op.params.some((p) => p.name === "page") && op.params.some((p) => p.name === "limit");
}

/** Operations under /v2/admin: product admins and support staff only. */
export const isAdminOperation = (op: Operation) => op.path.startsWith("/v2/admin/");
