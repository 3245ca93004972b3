/**
 * A tiny fault-injecting HTTP proxy in front of the real provider API, for the failures the real services do
 * not produce on demand: a connection dropped without an answer (status 0 in the portal), an answer that
 * breaks the contract, an error status without forwarding, or a slow answer. Everything else is forwarded unchanged. A portal
 * started with PROVIDER_API_URL = the proxy's URL (extra-portal.ts) talks to the real API through it.
 *
 *   const proxy = await startFaultProxy(readState().apiUrl);
 *   proxy.inject({ method: "GET", path: "/v2/users/current", times: 2, fault: { kind: "drop" } });
 *   … proxy.requests("GET", "/v2/users/current") …
 *   await proxy.close();
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type Fault =
  /** Close the connection without answering (the portal sees no response: status 0). */
  | { kind: "drop" }
  /** Forward, then answer the API's JSON body changed by `change` (same status). */
  | { kind: "rewrite"; change: (body: unknown) => unknown }
  /** Answer `status` with the JSON `body` without forwarding (a server error the API does not make on demand). */
  | { kind: "status"; status: number; body?: unknown }
  /** Forward after `ms` milliseconds (a slow answer). */
  | { kind: "delay"; ms: number };

export interface FaultRule {
  method: string;
  /** The request's path without its query, exactly. */
  path: string;
  /** How many matching requests get the fault (then it is used up); unlimited when omitted. */
  times?: number;
  fault: Fault;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  /** The fault it got, if any. */
  fault: Fault["kind"] | null;
  /** The request's Accept header (what representation the portal asked for). */
  accept: string | null;
}

export interface FaultProxy {
  url: string;
  inject(rule: FaultRule): void;
  /** Removes every rule not used up yet. */
  clear(): void;
  /** The requests seen so far (all, or those of one method and path). */
  requests(method?: string, path?: string): ProxiedRequest[];
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let rules: (FaultRule & { used: number })[] = [];
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();

  const take = (method: string, path: string) => {
    const rule = rules.find((r) => r.method === method && r.path === path && (r.times === undefined || r.used < r.times));
    if (rule) rule.used++;
    return rule?.fault ?? null;
  };

  const forward = (req: IncomingMessage, res: ServerResponse, fault: Fault | null) => {
    const headers = { ...req.headers, host: upstream.host };
    if (fault?.kind === "rewrite") delete headers["accept-encoding"]; // a body we can read and rewrite
    const out = httpRequest(
      { protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        if (fault?.kind !== "rewrite") {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON: handed over as text */
          }
          const payload = JSON.stringify(fault.change(body));
          const { "content-length": _length, "transfer-encoding": _encoding, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...rest, "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(payload) });
          res.end(payload);
        });
      },
    );
    out.on("error", () => res.destroy());
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0]!;
    const fault = take(method, path);
    seen.push({ method, path, fault: fault?.kind ?? null, accept: req.headers.accept ?? null });
    if (fault?.kind === "drop") {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === "status") {
      const payload = JSON.stringify(fault.body ?? { message: "Injected failure" });
      req.resume();
      res.writeHead(fault.status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(payload) });
      res.end(payload);
      return;
    }
    if (fault?.kind === "delay") {
      setTimeout(() => forward(req, res, null), fault.ms);
      return;
    }
    forward(req, res, fault);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    inject(rule) {
      rules.push({ ...rule, used: 0 });
    },
    clear() {
      rules = [];
    },
    requests(method, path) {
      return seen.filter((r) => (method === undefined || r.method === method) && (path === undefined || r.path === path));
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
