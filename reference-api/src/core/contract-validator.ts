import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

export const bundledContractPath = join(dirname(fileURLToPath(import.meta.url)), "../../../openapi/dist/provider-api.json");

export type OpenApiDoc = {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components?: Record<string, unknown>;
};

export function loadContract(path = bundledContractPath): OpenApiDoc {
  return JSON.parse(readFileSync(path, "utf8")) as OpenApiDoc;
}

/** Ajv for JSON Schema 2020-12 (OpenAPI 3.1) with formats on; OpenAPI's own keywords are tolerated. */
export function createAjv(opts: { coerceTypes?: boolean | "array"; useDefaults?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: opts.coerceTypes ?? false, useDefaults: opts.useDefaults ?? false, removeAdditional: false });
  addFormats(ajv);
  return ajv;
}

/**
 * Validates responses against the contract: the status code must be documented for the operation, the
 * content type must be one it documents, and a JSON body must match its schema (formats on).
 */
export class ResponseValidator {
  private ajv = createAjv();
  private cache = new Map<string, ValidateFunction | null>();

  constructor(private doc: OpenApiDoc) {
    this.ajv.addSchema(doc as object, "contract");
  }

  /** Follows a local `$ref` (the bundle keeps shared responses under components). */
  private deref<T>(value: T): T {
    let v = value as unknown as { $ref?: string };
    while (v && typeof v.$ref === "string" && v.$ref.startsWith("#/")) {
      v = v.$ref.slice(2).split("/").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], this.doc) as { $ref?: string };
    }
    return v as unknown as T;
  }

  /** Returns null when valid, else a description of what is wrong. */
  check(openapiPath: string, method: string, status: number, contentType: string | undefined, body: unknown): string | null {
    const op = this.doc.paths[openapiPath]?.[method.toLowerCase()];
    if (!op) return `no operation ${method} ${openapiPath} in the contract`;
    const responses = Object.fromEntries(Object.entries(op.responses ?? {}).map(([k, v]) => [k, this.deref(v)]));
    const code = String(status);
    const response = responses[code] ?? responses[`${code[0]}XX`] ?? responses.default;
    if (!response) return `status ${status} is not documented for ${op.operationId}`;
    const mediaTypes = Object.keys(response.content ?? {});
    if (mediaTypes.length === 0) return body === undefined || body === null || body === "" ? null : `status ${status} of ${op.operationId} documents no body`;
    const mime = (contentType ?? "").split(";")[0]!.trim();
    if (!mediaTypes.includes(mime)) return `content type "${mime}" is not documented for ${op.operationId} ${status} (${mediaTypes.join(", ")})`;
    if (mime !== "application/json") return null;
    const key = `${openapiPath} ${method} ${code} ${mime}`;
    let validate = this.cache.get(key);
    if (validate === undefined) {
      const schema = response.content?.[mime]?.schema;
      // Compile the schema in the context of the whole contract so its $refs resolve.
      validate = schema ? this.ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/'))) : null;
      this.cache.set(key, validate);
    }
    if (!validate) return null;
    if (validate(body)) return null;
    const e = validate.errors?.[0];
    return `response of ${op.operationId} (${status}) does not match the contract: ${e?.instancePath || "/"} ${e?.message ?? "is invalid"}`;
  }
}
