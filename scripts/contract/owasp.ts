/**
 * Brings the contract's operations to what the OWASP API Security ruleset (openapi/spectral.yaml, run by
 * `npm run contract:check`) asks of every response, by editing the YAML sources in place (comments and layout
 * kept):
 *
 * - every operation documents 429 (components/responses/TooManyRequests.yaml: Retry-After + RateLimit-*);
 * - every secured operation (no `security: []`) documents 401 (components/responses/Unauthorized.yaml);
 * - every 2XX and 4XX response carries the RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers
 *   (components/headers/): inline responses in the path file, shared ones in their components/responses file.
 *
 * - the bounds that follow from a format alone: `maxLength` on uuid (36), date (10), date-time (35), email (254)
 *   and uri (2048) strings, `format: int32` on integers without a format (int64 when the maximum needs it).
 *
 * Re-run it whenever operations are added: `npx tsx scripts/contract/owasp.ts [files…]` (default: every file
 * under openapi/paths/ and openapi/components/), then `npm run contract:types`. `--check` changes nothing and
 * exits 1 when a file would change. The other bounds (maxLength of free text, minimum/maximum, maxItems, patterns)
 * need a person's judgement and are not written here; the lint names each one missing.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isMap, isScalar, isSeq, parseDocument, visit, type Document, type YAMLMap } from "yaml";

const root = fileURLToPath(new URL("../..", import.meta.url));
const components = join(root, "openapi/components");
const METHODS = ["get", "put", "post", "patch", "delete", "head", "options", "trace"];
const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
const FORMAT = { lineWidth: 0, flowCollectionPadding: false } as const;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const refTo = (fromFile: string, target: string) => {
  const rel = relative(dirname(fromFile), target);
  return rel.startsWith(".") ? rel : `./${rel}`;
};

/** Adds `key: {$ref}` to a map of status codes, keeping the codes in ascending order. */
function addInOrder(doc: Document, map: YAMLMap, key: string, ref: string): void {
  const pair = doc.createPair(key, { $ref: ref });
  // Keep the file's quoting of status codes ('200').
  if (isScalar(pair.key)) pair.key.type = "QUOTE_SINGLE";
  const at = map.items.findIndex((p) => String(isScalar(p.key) ? p.key.value : p.key) > key);
  if (at < 0) map.items.push(pair);
  else map.items.splice(at, 0, pair);
}

/** Makes one response (a map with description/content) carry the rate-limit headers; true when changed. */
function ensureHeaders(doc: Document, response: YAMLMap, file: string): boolean {
  let headers = response.get("headers");
  let changed = false;
  if (!isMap(headers)) {
    headers = doc.createNode({});
    // Right after the description, where a reader looks for it.
    const at = response.items.findIndex((p) => isScalar(p.key) && p.key.value === "description");
    response.items.splice(at + 1, 0, doc.createPair("headers", headers));
    changed = true;
  }
  for (const name of RATE_LIMIT_HEADERS) {
    if ((headers as YAMLMap).has(name)) continue;
    (headers as YAMLMap).add(doc.createPair(name, { $ref: refTo(file, join(components, "headers", `${name}.yaml`)) }));
    changed = true;
  }
  return changed;
}

/** Lengths that a string's format fixes (RFC 4122, RFC 3339 with fractions and offset, RFC 5321, a URL). */
const FORMAT_MAX_LENGTH: Record<string, number> = { uuid: 36, date: 10, "date-time": 35, email: 254, uri: 2048 };

/** Adds the bounds a format implies to every schema of the document. */
function fixFormatBounds(doc: Document): void {
  visit(doc, {
    Map(_, map) {
      const type = map.get("type");
      const types = isSeq(type) ? type.items.map((t) => String(isScalar(t) ? t.value : t)) : [String(type)];
      const format = map.get("format");
      const after = (key: string) => map.items.findIndex((p) => isScalar(p.key) && p.key.value === key) + 1;
      if (types.includes("string") && typeof format === "string" && FORMAT_MAX_LENGTH[format] && !map.has("maxLength") && !map.has("enum") && !map.has("const")) {
        map.items.splice(after("format"), 0, doc.createPair("maxLength", FORMAT_MAX_LENGTH[format]));
      }
      if (types.includes("integer") && !map.has("format")) {
        const max = map.get("maximum");
        map.items.splice(after("type"), 0, doc.createPair("format", typeof max === "number" && max > 2 ** 31 - 1 ? "int64" : "int32"));
      }
    },
  });
}

const sharedResponses = new Set<string>();

/** Edits one path file; returns its new text (equal to the old when nothing was missing). */
function fixPathFile(file: string): string {
  const src = readFileSync(file, "utf8");
  const doc = parseDocument(src);
  if (!isMap(doc.contents)) return src;
  fixFormatBounds(doc);
  for (const pair of doc.contents.items) {
    const method = isScalar(pair.key) ? String(pair.key.value) : "";
    if (!METHODS.includes(method) || !isMap(pair.value)) continue;
    const op = pair.value;
    const security = op.get("security");
    const anonymous = isSeq(security) && (security.items.length === 0 || security.items.some((s) => isMap(s) && s.items.length === 0));
    const responses = op.get("responses");
    if (!isMap(responses)) continue;
    const has = (code: string) => responses.items.some((p) => isScalar(p.key) && String(p.key.value) === code);
    if (!anonymous && !has("401")) addInOrder(doc, responses, "401", refTo(file, join(components, "responses/Unauthorized.yaml")));
    if (!has("429")) addInOrder(doc, responses, "429", refTo(file, join(components, "responses/TooManyRequests.yaml")));
    for (const r of responses.items) {
      const code = isScalar(r.key) ? String(r.key.value) : "";
      if (!/^[24]/.test(code) || !isMap(r.value)) continue;
      const ref: unknown = (r.value as YAMLMap).get("$ref");
      if (typeof ref === "string") {
        if (!ref.startsWith("#")) sharedResponses.add(resolve(dirname(file), ref));
      } else ensureHeaders(doc, r.value, file);
    }
  }
  return doc.toString(FORMAT);
}

function fixSharedResponse(file: string, text = readFileSync(file, "utf8")): string {
  const doc = parseDocument(text);
  if (isMap(doc.contents)) ensureHeaders(doc, doc.contents, file);
  return doc.toString(FORMAT);
}

function fixComponentFile(file: string): string {
  const doc = parseDocument(readFileSync(file, "utf8"));
  fixFormatBounds(doc);
  return doc.toString(FORMAT);
}

/** The files that lack what this script writes, with their fixed text (nothing is written). */
export function owaspFixes(files: string[] = []): { file: string; text: string }[] {
  sharedResponses.clear();
  const pathFiles = files.length > 0 ? files.filter((f) => !f.startsWith(components)) : walk(join(root, "openapi/paths")).filter((f) => f.endsWith(".yaml"));
  const componentFiles = files.length > 0 ? files.filter((f) => f.startsWith(components)) : walk(components).filter((f) => f.endsWith(".yaml"));
  const out = new Map<string, string>();
  const consider = (file: string, text: string) => {
    if (text !== (out.get(file) ?? readFileSync(file, "utf8"))) out.set(file, text);
  };
  for (const f of pathFiles) consider(f, fixPathFile(f));
  for (const f of componentFiles) consider(f, fixComponentFile(f));
  // Shared responses last: a component file may have had its format bounds fixed above.
  for (const f of sharedResponses) consider(f, fixSharedResponse(f, out.get(f)));
  return [...out].map(([file, text]) => ({ file, text }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const fixes = owaspFixes(args.filter((a) => !a.startsWith("--")).map((f) => resolve(f)));
  const changed = fixes.map((f) => relative(root, f.file));
  if (!check) for (const f of fixes) writeFileSync(f.file, f.text);
  if (check && changed.length > 0) {
    console.error(`These files lack 401/429 responses, rate-limit headers or format bounds (run \`npx tsx scripts/contract/owasp.ts\`):\n- ${changed.join("\n- ")}`);
    process.exit(1);
  }
  console.log(changed.length > 0 ? `${check ? "Would change" : "Changed"} ${changed.length} file(s):\n- ${changed.join("\n- ")}` : "Every operation documents 401/429 and rate-limit headers; formats carry their bounds.");
}
