import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { dockerignore, instructions, parseDockerfile, parseEnv } from "./dockerfile.js";

describe("Dockerfile reader", () => {
  it("joins continuations and drops comments, keeping the first line's number", () => {
    const ins = instructions("# c\nFROM node:22 AS a\nRUN echo 1 \\\n  # inner comment\n  && echo 2\n");
    expect(ins).toEqual([
      { keyword: "FROM", args: "node:22 AS a", line: 2 },
      { keyword: "RUN", args: "echo 1 && echo 2", line: 3 },
    ]);
  });

  it("substitutes global ARGs in FROM and reads COPY --from, ENV, USER, HEALTHCHECK and CMD", () => {
    const [deps, run] = parseDockerfile(
      [
        "ARG IMG=node:22-slim",
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
    expect(deps).toMatchObject({ name: "deps", image: "node:22-slim", steps: [{ kind: "WORKDIR", path: "/app" }, { kind: "COPY", sources: ["package.json", "package-lock.json"], dest: "./" }] });
    expect(run).toMatchObject({
      name: "1",
      user: "node",
      healthcheck: { options: { interval: "30s" }, command: ["node", "-e", "1"] },
      cmd: ["node", "server.js"],
      steps: [{ kind: "ENV", vars: { NODE_ENV: "production", PORT: "3000" } }, { kind: "COPY", from: "deps", sources: ["/app/node_modules"], dest: "./node_modules" }],
    });
  });

  it("refuses an instruction it cannot perform rather than skipping it", () => {
    expect(() => parseDockerfile("FROM node:22\nADD https://example.com/x /x")).toThrow(/ADD is not supported/);
    expect(() => parseDockerfile("FROM node:22\nCOPY --link a b")).toThrow(/--link/);
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

  it("reads the project's Dockerfile: three stages, the runtime non-root with a health check", () => {
    const stages = parseDockerfile(readFileSync(join(PROJECT_ROOT, "Dockerfile"), "utf8"));
    expect(stages.map((s) => s.name)).toEqual(["deps", "build", "runtime"]);
    const runtime = stages.at(-1)!;
    expect(runtime.user).toBe("node");
    expect(runtime.healthcheck?.command.join(" ")).toContain("/healthz");
  });
});
