/**
 * A small reader of the project's Dockerfile: the instructions its lint (dockerfile.test.ts) checks
 * without a Docker engine (FROM … AS, ARG, WORKDIR, COPY [--from], RUN [--mount], ENV, USER, EXPOSE, HEALTHCHECK, CMD).
 * Anything else is reported as unsupported, so the verification can never silently skip a step.
 */

export interface Instruction {
  keyword: string;
  /** The arguments as written (continuations joined). */
  args: string;
  line: number;
}

export interface CopyStep {
  kind: "COPY";
  from?: string;
  sources: string[];
  dest: string;
  line: number;
}

export type Step =
  | CopyStep
  | { kind: "RUN"; command: string; mounts: string[]; line: number }
  | { kind: "WORKDIR"; path: string; line: number }
  | { kind: "ENV"; vars: Record<string, string>; line: number };

export interface Stage {
  name: string;
  image: string;
  steps: Step[];
  user?: string;
  expose: number[];
  healthcheck?: { options: Record<string, string>; command: string[] };
  cmd?: string[];
}

/** Splits the file into instructions: comments dropped, `\` continuations joined. */
export function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split(/\r?\n/);
  let buffer = "";
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!buffer && (/^\s*#/.test(raw) || !raw.trim())) continue;
    if (buffer && /^\s*#/.test(raw)) continue; // comment lines inside a continuation
    if (!buffer) start = i + 1;
    const continued = /\\\s*$/.test(raw);
    buffer += `${continued ? raw.replace(/\\\s*$/, "") : raw} `;
    if (continued) continue;
    const m = /^\s*(\w+)\s+([\s\S]*)$/.exec(buffer.trim());
    if (!m) throw new Error(`Dockerfile line ${start}: cannot read "${buffer.trim()}"`);
    out.push({ keyword: m[1]!.toUpperCase(), args: m[2]!.replace(/\s+/g, " ").trim(), line: start });
    buffer = "";
  }
  if (buffer) throw new Error(`Dockerfile line ${start}: a continuation runs past the end of the file`);
  return out;
}

/** ${NAME} / $NAME substitution with the ARG values in scope. */
function substitute(value: string, args: Record<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, a?: string, b?: string) => args[(a ?? b)!] ?? whole);
}

/** `KEY=value KEY2="two words"` (or the legacy `KEY value`). */
export function parseEnv(args: string): Record<string, string> {
  const vars: Record<string, string> = {};
  if (!args.includes("=")) {
    const [key, ...rest] = args.split(" ");
    vars[key!] = rest.join(" ");
    return vars;
  }
  const re = /(\w+)=("([^"]*)"|'([^']*)'|(\S*))/g;
  for (let m = re.exec(args); m; m = re.exec(args)) vars[m[1]!] = m[3] ?? m[4] ?? m[5] ?? "";
  return vars;
}

/** Leading `--flag=value` options of COPY / HEALTHCHECK. */
function options(args: string): { options: Record<string, string>; rest: string } {
  const opts: Record<string, string> = {};
  let rest = args;
  const flag = /^--([\w-]+)(?:=(\S+))?\s*/;
  for (let m = flag.exec(rest); m; m = flag.exec(rest)) {
    opts[m[1]!] = m[2] ?? "true";
    rest = rest.slice(m[0].length);
  }
  return { options: opts, rest };
}

function execForm(value: string, line: number): string[] {
  const v = value.trim();
  if (!v.startsWith("[")) return ["/bin/sh", "-c", v];
  try {
    const parsed = JSON.parse(v) as unknown;
    if (Array.isArray(parsed) && parsed.every((x) => typeof x === "string")) return parsed;
  } catch {
    /* reported below */
  }
  throw new Error(`Dockerfile line ${line}: not a JSON array of strings: ${v}`);
}

export function parseDockerfile(text: string): Stage[] {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const ins of instructions(text)) {
    const stage = stages.at(-1);
    switch (ins.keyword) {
      case "ARG": {
        const [name, value = ""] = ins.args.split("=");
        if (!stage) globalArgs[name!.trim()] = value.trim();
        break;
      }
      case "FROM": {
        const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
        if (!m) throw new Error(`Dockerfile line ${ins.line}: FROM ${ins.args}`);
        stages.push({ name: m[2] ?? String(stages.length), image: substitute(m[1]!, globalArgs), steps: [], expose: [] });
        break;
      }
      default: {
        if (!stage) throw new Error(`Dockerfile line ${ins.line}: ${ins.keyword} before FROM`);
        switch (ins.keyword) {
          case "WORKDIR":
            stage.steps.push({ kind: "WORKDIR", path: ins.args, line: ins.line });
            break;
          case "RUN": {
            // RUN --mount=type=secret,id=… (a build secret: only the build host's CAs use it, ADR 041).
            const mounts: string[] = [];
            let command = ins.args;
            for (let m = /^--mount=(\S+)\s+/.exec(command); m; m = /^--mount=(\S+)\s+/.exec(command)) {
              mounts.push(m[1]!);
              command = command.slice(m[0].length);
            }
            if (/^--/.test(command)) throw new Error(`Dockerfile line ${ins.line}: RUN ${command.split(" ")[0]} is not supported by the verification`);
            stage.steps.push({ kind: "RUN", command, mounts, line: ins.line });
            break;
          }
          case "ENV":
            stage.steps.push({ kind: "ENV", vars: parseEnv(ins.args), line: ins.line });
            break;
          case "COPY": {
            const { options: o, rest } = options(ins.args);
            const parts = rest.split(" ");
            if (parts.length < 2) throw new Error(`Dockerfile line ${ins.line}: COPY needs a source and a destination`);
            const unknown = Object.keys(o).filter((k) => k !== "from" && k !== "chown");
            if (unknown.length) throw new Error(`Dockerfile line ${ins.line}: COPY --${unknown[0]} is not supported by the verification`);
            stage.steps.push({ kind: "COPY", from: o.from, sources: parts.slice(0, -1), dest: parts.at(-1)!, line: ins.line });
            break;
          }
          case "USER":
            stage.user = ins.args;
            break;
          case "EXPOSE":
            stage.expose.push(...ins.args.split(" ").map((p) => Number.parseInt(p, 10)));
            break;
          case "HEALTHCHECK": {
            const { options: o, rest } = options(ins.args);
            const m = /^CMD\s+([\s\S]+)$/.exec(rest);
            if (!m) throw new Error(`Dockerfile line ${ins.line}: HEALTHCHECK without CMD`);
            stage.healthcheck = { options: o, command: execForm(m[1]!, ins.line) };
            break;
          }
          case "CMD":
            stage.cmd = execForm(ins.args, ins.line);
            break;
          default:
            throw new Error(`Dockerfile line ${ins.line}: ${ins.keyword} is not supported by the verification (scripts/docker/dockerfile.ts)`);
        }
      }
    }
  }
  return stages;
}

/** .dockerignore patterns (the subset this project uses: names, paths, `*` globs, `!` exceptions). */
export function dockerignore(text: string): (path: string) => boolean {
  const rules = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const negate = l.startsWith("!");
      const pattern = (negate ? l.slice(1) : l).replace(/^\/+|\/+$/g, "");
      const re = new RegExp(`^${pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*")}(/.*)?$`);
      return { negate, re };
    });
  return (path: string) => {
    let ignored = false;
    for (const r of rules) if (r.re.test(path)) ignored = !r.negate;
    return ignored;
  };
}
