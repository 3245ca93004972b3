/**
 * The contract's checks (part of `npm test`): Redocly lint clean, no placeholder operations left, the
 * committed bundle (openapi/dist/provider-api.json) and generated types (openapi/provider-api.d.ts) current, and
 * every call of the spec's catalogue in the contract with the spec's path (scripts/contract/spec-paths.ts), and
 * the OWASP API Security lint (Spectral, openapi/spectral.yaml: 0 errors; 401/429 and rate-limit headers on every
 * operation, scripts/contract/owasp.ts). `npm run contract:types` regenerates the bundle and the types.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { currentOperationIdsModule, OPERATION_IDS_FILE } from "./operation-ids.js";
import { owaspFixes } from "./owasp.js";
import { catalogueAgainstSpec, compareWithSpec, operationsOf } from "./spec-paths.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = (name: string) => join(root, "node_modules/.bin", name);
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const problems: string[] = [];

function run(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    problems.push(`${relative(root, cmd)} ${args.join(" ")} failed:\n${(err.stdout ?? "") + (err.stderr ?? "")}`.slice(0, 8000));
    return "";
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

// 0. The OWASP lint of the committed bundle (its freshness is checked in 3) runs alongside the other checks.
type SpectralResult = { code: string; severity: number; message: string; path: (string | number)[] };
const owaspLint = new Promise<SpectralResult[] | string>((done) => {
  execFile(bin("spectral"), ["lint", "openapi/dist/provider-api.json", "--ruleset", "openapi/spectral.yaml", "-f", "json", "-q"], { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
    try {
      done(JSON.parse(stdout) as SpectralResult[]);
    } catch {
      done(`spectral lint failed: ${err?.message ?? ""}\n${stderr}`.slice(0, 4000));
    }
  });
});

// 1. Lint.
run(bin("redocly"), ["lint", "--config", "openapi/redocly.yaml", "--format", "summary"]);

// 2. No placeholders.
for (const f of walk(join(root, "openapi")).filter((f) => f.endsWith(".yaml"))) {
  if (readFileSync(f, "utf8").includes("PLACEHOLDER")) problems.push(`${relative(root, f)} is still a placeholder`);
}

// 3. Bundle and types current.
const tmp = mkdtempSync(join(tmpdir(), "contract-"));
run(bin("redocly"), ["bundle", "openapi/provider-api.yaml", "-o", join(tmp, "provider-api.json"), "--config", "openapi/redocly.yaml"]);
const same = (a: string, b: string) => readFileSync(a, "utf8") === readFileSync(b, "utf8");
try {
  if (!same(join(tmp, "provider-api.json"), join(root, "openapi/dist/provider-api.json"))) problems.push("openapi/dist/provider-api.json is out of date: run `npm run contract:types`");
  run(bin("openapi-typescript"), [join(tmp, "provider-api.json"), "-o", join(tmp, "provider-api.d.ts")]);
  if (!same(join(tmp, "provider-api.d.ts"), join(root, "openapi/provider-api.d.ts"))) problems.push("openapi/provider-api.d.ts is out of date: run `npm run contract:types`");
  if (readFileSync(OPERATION_IDS_FILE, "utf8") !== currentOperationIdsModule()) problems.push("app/api/operation-ids.ts is out of date: run `npm run contract:types`");
} catch (e) {
  problems.push(String(e));
}

// 4. The contract's paths are the spec's, character for character (scripts/contract/spec-paths.ts).
try {
  const bundle = JSON.parse(readFileSync(join(root, "openapi/dist/provider-api.json"), "utf8"));
  problems.push(...compareWithSpec(operationsOf(bundle)));
  const specDir = process.env.SPEC_DIR ?? join(root, "../shared/spec");
  const catalogue = catalogueAgainstSpec(specDir);
  if (catalogue) problems.push(...catalogue);
  else console.log(`Contract check: the spec is not at ${specDir}; the call catalogue (scripts/contract/spec-calls.ts) is used as committed.`);
} catch (e) {
  problems.push(String(e));
}

// 5. OWASP API Security: every operation documents 401 (when secured) and 429, rate-limit headers on every 2XX
// and 4XX, formats bounded (scripts/contract/owasp.ts writes them); then Spectral's OAS + OWASP rules, 0 errors.
try {
  const missing = owaspFixes().map((f) => relative(root, f.file));
  if (missing.length > 0) problems.push(`these contract files lack 401/429 responses, rate-limit headers or format bounds: run \`npx tsx scripts/contract/owasp.ts\` then \`npm run contract:types\`:\n  ${missing.join("\n  ")}`);
} catch (e) {
  problems.push(String(e));
}
const lint = await owaspLint;
let warnings = 0;
if (typeof lint === "string") problems.push(lint);
else {
  const errors = lint.filter((r) => r.severity === 0);
  warnings = lint.filter((r) => r.severity === 1).length;
  if (errors.length > 0) problems.push(`Spectral (OAS + OWASP API Security, openapi/spectral.yaml) found ${errors.length} error(s) in the bundle:\n  ${errors.map((r) => `${r.code} at ${r.path.join(".")}: ${r.message}`).join("\n  ")}`);
}

if (problems.length > 0) {
  console.error(`Contract check failed:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`Contract check: lint clean, no placeholders, bundle and generated types current, paths as the spec writes them, OWASP lint 0 errors (${warnings} warnings).`);
