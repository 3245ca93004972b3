import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { dockerignore, instructions, parseDockerfile, parseEnv } from "./dockerfile.js";

describe("Dockerfile reader", () => {
  it("joins continuations and drops comments, keeping the first line's number", () => {
    const ins = instructions("# c\nFROM node:24 AS a\nRUN echo 1 \\\n  # inner comment\n  && echo 2\n");
    expect(ins).toEqual([
      { keyword: "FROM", args: "node:24 AS a", line: 2 },
      { keyword: "RUN", args: "echo 1 && echo 2", line: 3 },
    ]);
  });

  it("substitutes global ARGs in FROM and reads COPY --from, ENV, USER, HEALTHCHECK and CMD", () => {
    const [deps, run] = parseDockerfile(
      [
        "ARG IMG=node:24-slim",
        "FROM ${IMG} AS deps",
        "WORKDIR /app",
        "COPY package.json package-lock.json ./",
        "FROM ${IMG}",
        'ENV NODE_ENV=production PORT="3000"',
        "COPY --from=deps /app/node_modules ./node_modules",
        "USER node",
        'HEALTHCHECK --interval=30s CMD ["node", "-e", "1"]',
        'CMD ["node", "server.js"]',
      ].join("\n"),
    );
    expect(deps).toMatchObject({ name: "deps", image: "node:24-slim", steps: [{ kind: "WORKDIR", path: "/app" }, { kind: "COPY", sources: ["package.json", "package-lock.json"], dest: "./" }] });
    expect(run).toMatchObject({
      name: "1",
      user: "node",
      healthcheck: { options: { interval: "30s" }, command: ["node", "-e", "1"] },
      cmd: ["node", "server.js"],
      steps: [{ kind: "ENV", vars: { NODE_ENV: "production", PORT: "3000" } }, { kind: "COPY", from: "deps", sources: ["/app/node_modules"], dest: "./node_modules" }],
    });
  });

  it("reads RUN --mount options apart from the command", () => {
    const [s] = parseDockerfile("FROM node:24\nRUN --mount=type=secret,id=build_ca npm ci");
    expect(s!.steps).toMatchObject([{ kind: "RUN", command: "npm ci", mounts: ["type=secret,id=build_ca"] }]);
    expect(() => parseDockerfile("FROM node:24\nRUN --network=none true")).toThrow(/--network=none is not supported/);
  });

  it("refuses an instruction it cannot perform rather than skipping it", () => {
    expect(() => parseDockerfile("FROM node:24\nADD https://example.com/x /x")).toThrow(/ADD is not supported/);
    expect(() => parseDockerfile("FROM node:24\nCOPY --link a b")).toThrow(/--link/);
  });

  it("reads the legacy ENV form", () => {
    expect(parseEnv("PATH /usr/bin:/bin")).toEqual({ PATH: "/usr/bin:/bin" });
  });

  it("applies .dockerignore patterns with exceptions", () => {
    const ignored = dockerignore("node_modules\n*.log\ndata/\n!data/keep.json");
    expect(ignored("node_modules")).toBe(true);
    expect(ignored("node_modules/react/index.js")).toBe(true);
    expect(ignored("server.log")).toBe(true);
    expect(ignored("data/x.json")).toBe(true);
    expect(ignored("data/keep.json")).toBe(false);
    expect(ignored("app/root.tsx")).toBe(false);
  });

  it("reads the project's Dockerfile: four stages, the runtime non-root with a health check", () => {
    const stages = parseDockerfile(readFileSync(join(PROJECT_ROOT, "Dockerfile"), "utf8"));
    expect(stages.map((s) => s.name)).toEqual(["modules", "deps", "build", "runtime"]);
    const runtime = stages.at(-1)!;
    expect(runtime.user).toBe("node");
    expect(runtime.healthcheck?.command.join(" ")).toContain("/healthz");
  });
});

// The Dockerfile's lint: the Docker language service's validator and the project's policy. `npm run
// container:verify` builds and runs it for real (scripts/container/, ADR 028).
describe("the project's Dockerfile", () => {
  const text = readFileSync(join(PROJECT_ROOT, "Dockerfile"), "utf8");
  const stages = parseDockerfile(text);
  /** Stages on the base image (the others build on one of these: `FROM modules AS deps`). */
  const baseStages = stages.filter((s) => !stages.some((other) => other.name === s.image));

  it("passes dockerfile-utils' validator (the Docker language service's diagnostics; no hadolint is packaged here)", () => {
    const { validate } = createRequire(import.meta.url)("dockerfile-utils") as typeof import("dockerfile-utils");
    expect(validate(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it("keeps the public Node image as the default base, pinned to a Node release on Debian 13 (security-supported); a local one is a build argument", () => {
    expect(text).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-trixie-slim(@sha256:[0-9a-f]{64})?$/m);
    expect(new Set(baseStages.map((s) => s.image)).size).toBe(1);
    expect(baseStages.map((s) => s.name)).toEqual(["modules", "runtime"]);
    expect(stages.filter((s) => !baseStages.includes(s)).map((s) => `${s.name}<${s.image}`)).toEqual(["deps<modules", "build<modules"]);
  });

  it("lets the build host's certificate authorities reach the install step only, as a build secret (ADR 041)", () => {
    const withMounts = stages.flatMap((st) => st.steps.flatMap((s) => (s.kind === "RUN" && s.mounts.length ? [`${st.name}: ${s.mounts.join(" ")}`] : [])));
    expect(withMounts).toEqual(["modules: type=secret,id=build_ca"]);
    expect(runs("modules").join(" && ")).toMatch(/\bnpm ci\b/);
    const runtime = stage("runtime");
    expect(runtime.steps.some((s) => s.kind === "RUN")).toBe(false);
    const env = Object.assign({}, ...runtime.steps.flatMap((s) => (s.kind === "ENV" ? [s.vars] : []))) as Record<string, string>;
    for (const k of ["NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_OPTIONS"]) expect(env[k], k).toBeUndefined();
    expect(text).not.toMatch(/^ENV\s[^\n]*NODE_EXTRA_CA_CERTS/m);
  });
  const stage = (name: string) => stages.find((s) => s.name === name)!;
  const runs = (name: string) => stage(name).steps.flatMap((s) => (s.kind === "RUN" ? [s.command] : []));
  const contextCopies = (name: string) => stage(name).steps.flatMap((s) => (s.kind === "COPY" && !s.from ? s.sources : []));

  it("builds every stage on Node 24 LTS, the major of .nvmrc", () => {
    for (const s of baseStages) expect(s.image, s.name).toMatch(/^node:24([.-]|$)/);
    expect(readFileSync(join(PROJECT_ROOT, ".nvmrc"), "utf8").trim()).toBe("24");
  });

  it("installs once, with `npm ci` from the lockfile (never `npm install`); the runtime's tree is that install pruned", () => {
    const all = stages.flatMap((s) => runs(s.name));
    expect(all.some((c) => /\bnpm\s+(install|i|add)\b/.test(c))).toBe(false);
    expect(all.filter((c) => /\bnpm ci\b/.test(c))).toHaveLength(1);
    expect(runs("modules").join(" && ")).toMatch(/\bnpm ci --ignore-scripts\b/);
    expect(contextCopies("modules")).toEqual(["package.json", "package-lock.json"]);
    expect(runs("deps").join(" && ")).toMatch(/\bnpm prune --omit=dev --ignore-scripts\b/);
    for (const name of ["deps", "build"]) expect(contextCopies(name), name).not.toContain("package-lock.json");
  });

  it("keeps typescript, which `--omit=dev` keeps as an optional peer of @react-router/*, out of the production dependencies", () => {
    const deps = runs("deps").join(" && ");
    for (const p of ["node_modules/typescript", "node_modules/@types"]) expect(deps).toContain(p);
    expect(deps).not.toMatch(/--omit=(optional|peer)/); // would also drop sharp's native @img/sharp-linux-* packages
  });

  it("builds with React Router's config files, all in the build context", () => {
    const copies = contextCopies("build");
    for (const f of ["react-router.config.ts", "vite.config.ts", "tsconfig.json", "tsconfig.app.json", "app", "server", "public"]) expect(copies).toContain(f);
    expect(copies).not.toContain("remix.config.js");
    const ignored = dockerignore(readFileSync(join(PROJECT_ROOT, ".dockerignore"), "utf8"));
    for (const f of stages.flatMap((s) => contextCopies(s.name))) {
      expect(existsSync(join(PROJECT_ROOT, f)), `${f} exists`).toBe(true);
      expect(ignored(f), `${f} not in .dockerignore`).toBe(false);
    }
    expect(runs("build")).toContain("npm run build");
  });

  it("runs the server bundle on top of React Router's server build, with only the build output and production dependencies", () => {
    const runtime = stage("runtime");
    expect(runtime.cmd).toEqual(["node", "--enable-source-maps", "build/server/index.js"]);
    // …and the PDFs' font (ADR 032), where the server bundle looks for it: fonts/pdf/ above build/server/.
    expect(runtime.steps.flatMap((s) => (s.kind === "COPY" && !s.from ? [`${s.sources.join(" ")}>${s.dest}`] : []))).toEqual(["package.json>./", "fonts/pdf>./fonts/pdf", "wordlists>./wordlists"]);
    // …and the common-password list (ADR 037), which the server reads from wordlists/ above build/server/.
    expect(existsSync(join(PROJECT_ROOT, "wordlists/common-passwords.txt.br"))).toBe(true);
    expect(existsSync(join(PROJECT_ROOT, "fonts/pdf/ExerPdfSans-Regular.ttf.br")) && existsSync(join(PROJECT_ROOT, "fonts/pdf/ExerPdfSans-Bold.ttf.br"))).toBe(true);
    const fromStages = runtime.steps.flatMap((s) => (s.kind === "COPY" && s.from ? [`${s.from}:${s.sources.join(" ")}`] : []));
    expect(fromStages).toEqual(["deps:/app/node_modules", "build:/app/build", "build:/app/public"]);
    // The server bundle loads the React Router build from its own directory (react-router.config.ts).
    expect(readFileSync(join(PROJECT_ROOT, "react-router.config.ts"), "utf8")).toMatch(/serverBuildFile:\s*"react-router\.js"/);
  });
});
