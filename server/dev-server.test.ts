/**
 * The development server (`npm run dev:portal`: Vite's dev server inside the portal's express app, as server/index.ts
 * makes it) serves what a browser of the app needs — its pages, Vite's client, the app's modules — and nothing else
 * of the project: not data/ (the identity service's database and the identity file), not the project's files, dotfiles
 * or source outside app/, whichever of Vite's URL forms asks (ADR 035; issue 30's probe: `curl
 * localhost:3000/data/identity.json` gave the staff accounts' authenticator secrets).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setLogSink } from "../app/log.server";
import { TEST_ENV, testConfig } from "../app/testing/config";
import { createApp } from "./app";
import { createViteDevServer, isDevModuleRequest, namesProjectFile } from "./dev-server";

const root = resolve(import.meta.dirname, "..");
const probe = `dev-server-probe-${process.pid}`;
// Files that must never be served, made for the test where they may not exist (data/ and .env are not in git).
const made: string[] = [];
const ensureFile = (path: string, text: string) => {
  if (existsSync(path)) return;
  writeFileSync(path, text);
  made.push(path);
};

let vite: ViteDevServer;
let restoreLog: () => void = () => {};
let server: Server;
let base = "";

beforeAll(async () => {
  restoreLog = setLogSink(() => {});
  mkdirSync(join(root, "data", probe, ".cognito", "db"), { recursive: true });
  writeFileSync(join(root, "data", probe, "identity.json"), '{"totpSecrets":{"probe":"SECRET"}}');
  writeFileSync(join(root, "data", probe, ".cognito", "db", "local_probe.json"), '{"Users":{}}');
  ensureFile(join(root, ".env"), "PROBE=secret\n");
  // The app's modules, loaded by Vite, read their configuration from the environment.
  for (const [key, value] of Object.entries(TEST_ENV)) if (key !== "NODE_ENV") process.env[key] ??= value;
  vite = await createViteDevServer(root, { hmr: false });
  const app = createApp({
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    config: testConfig(),
    root,
    isShuttingDown: () => false,
    devMiddleware: vite.middlewares,
  });
  server = createServer(app);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((done) => server?.close(done));
  await vite?.close();
  rmSync(join(root, "data", probe), { recursive: true, force: true });
  for (const path of made) rmSync(path, { force: true });
  restoreLog();
});

const get = (path: string) => fetch(`${base}${path}`, { redirect: "manual" });

describe("the development server", () => {
  it("refuses the project's data, files, dotfiles and source outside app/, in every URL form Vite knows", async () => {
    const abs = (p: string) => `/@fs${join(root, p)}`;
    const refused = [
      "/data/identity.json",
      `/data/${probe}/identity.json`,
      `/data/${probe}/.cognito/db/local_probe.json`,
      `/data/${probe}/.cognito/db/local_probe.json?import`,
      `/data/${probe}/.cognito/db/local_probe.json?raw`,
      "/package.json",
      "/package.json?import",
      "/package.json?raw",
      "/package-lock.json",
      "/.env",
      "/.env?raw",
      "/.gitignore",
      "/.git/HEAD",
      "/README.md",
      "/SECURITY.md",
      "/vite.config.ts",
      "/reference-api/src/main.ts",
      "/reference-api/src/main.ts?import",
      "/scripts/identity/provision.ts",
      "/server/app.ts",
      "/tests/e2e/helpers/ui.ts",
      abs("package.json"),
      abs(".env"),
      abs(`data/${probe}/identity.json`),
      abs("reference-api/src/main.ts"),
      `/@fs${root}/app/../package.json`,
      "/app/../package.json",
      "/app/%2e%2e/package.json",
      "/node_modules/.vite/vitest/results.json",
      "/.cache/vite/deps_temp/package.json",
      "/.cache/",
      `/@fs${join(root, "node_modules", ".package-lock.json")}`,
    ];
    const answers = await Promise.all(refused.map(async (path) => {
      const res = await get(path);
      const text = await res.text();
      return { path, status: res.status, leaked: /SECRET|PROBE=secret|"name": "exer-provider-portal"|createReferenceApi|totpSecrets|"Users"/.test(text) };
    }));
    for (const a of answers) {
      expect([403, 404], `${a.path} answered ${a.status}`).toContain(a.status);
      expect(a.leaked, `${a.path} leaked content`).toBe(false);
    }
  }, 120_000);

  it("still serves the app's pages, Vite's client, the app's modules and public/", async () => {
    const page = await get("/user/login/");
    expect(page.status).toBe(200);
    const html = await page.text();
    const client = await get("/@vite/client");
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/javascript/);
    const rootModule = await get("/app/root.tsx");
    expect(rootModule.status).toBe(200);
    expect(await rootModule.text()).toMatch(/import/);
    // Every script the page names loads (the optimized dependencies, React Router's virtual modules, React refresh).
    const urls = [...new Set([...html.matchAll(/["'](\/(?:@|app\/|\.cache\/)[^"' ]+)["']/g)].map((m) => m[1]!.replaceAll("&amp;", "&")))];
    expect(urls).toContain("/app/entry.client.tsx");
    expect(urls.some((u) => u.startsWith("/@id/"))).toBe(true);
    for (const url of urls) expect((await get(url)).status, url).toBe(200);
    // The entry's own imports: the optimized dependencies in the cache directory.
    const entry = await (await get("/app/entry.client.tsx")).text();
    const deps = [...entry.matchAll(/from\s*["'](\/\.cache\/vite\/deps\/[^"']+)["']/g)].map((m) => m[1]!);
    expect(deps.length).toBeGreaterThan(0);
    for (const url of deps) expect((await get(url)).status, url).toBe(200);
    expect((await get("/favicon.svg")).status).toBe(200);
  }, 120_000);
});

describe("isDevModuleRequest", () => {
  it("takes Vite's own URLs and the app's modules only", () => {
    for (const path of ["/@vite/client", "/@react-refresh", "/@id/__x00__virtual:react-router/browser-manifest", "/app/root.tsx", "/.cache/vite/deps/react.js", "/@fs/x/node_modules/react/index.js"]) {
      expect(isDevModuleRequest(path), path).toBe(true);
    }
    for (const path of ["/data/identity.json", "/package.json", "/.env", "/reference-api/src/main.ts", "/app/../package.json", "/app/%2e%2e/package.json", "/.cache/vite/deps_temp/x", "/%E0%A4%A"]) {
      expect(isDevModuleRequest(path), path).toBe(false);
    }
  });
});

describe("namesProjectFile", () => {
  const entries = new Set(["app", "build", "data", "package.json", "reference-api", "node_modules", ".env"]);
  it("names the project's entries other than app/ and build/, and every dot segment", () => {
    for (const path of ["/data/identity.json", "/data/", "/package.json", "/reference-api/src/main.ts", "/.env", "/.git/HEAD", "/patients/.x", "/node_modules/.vite/x", "/%2eenv"]) {
      expect(namesProjectFile(path, entries), path).toBe(true);
    }
    for (const path of ["/", "/patients/", "/user/login/", "/app/root.tsx", "/build/x.js", "/datasets/", "/%E0%A4%A"]) {
      expect(namesProjectFile(path, entries), path).toBe(false);
    }
  });
});
