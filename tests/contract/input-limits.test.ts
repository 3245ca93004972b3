/**
 * ADR 036 (issue 30, finding 7): request bodies held to limits on every operation.
 * - JSON nested 8,000 levels deep answers 400 `{message, status}` on every operation that takes a JSON body, with a
 *   token or without (it answered 500, unauthenticated, at `POST /v2/mfa-recovery`); a body over the size limit 400.
 * - Names and titles (the contract's SingleLineText) with a line break or another control character answer 400
 *   naming the field on every operation whose body has one (`PATCH /v2/locations/{id}` with `a\r\nX: y` was 200).
 * - A declared body that never arrives is answered 408 (the fresh stack's REQUEST_TIMEOUT_MS, 20 s): an upload of a
 *   declared 60 MB and a JSON body (the upload kept its connection open).
 */
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { call, describeRes, expectError, tokenOf, type J, type Req } from "./lib/client.js";
import { SINGLE_LINE_PATTERN } from "../../app/domain/single-line.js";
import { operations, type Operation } from "./lib/contract.js";
import { target } from "./lib/env.js";
import { plans, type Plan } from "./lib/plans.js";
import { fileWorld } from "./lib/world.js";
import { CONTRACT_REQUEST_TIMEOUT_MS } from "./lib/target.js";

const w = fileWorld();

const TOO_DEEP = "The request body is nested too deeply: at most 32 levels of objects and arrays.";
const withJsonBody = operations.filter((op) => op.body?.contentType === "application/json");

async function planned(op: Operation): Promise<{ plan: Plan; req: Req }> {
  const factory = plans[op.operationId];
  if (!factory) throw new Error(`no plan for ${op.operationId}`);
  const plan = await factory(w);
  return { plan, req: { ...plan.req, op: op.operationId } as Req };
}

/** Sends the request's head and part of its body, then nothing; the answer once the API closes the connection. */
function stall(head: string): Promise<{ answer: string; ms: number }> {
  const url = new URL(target().apiUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port || 80), url.hostname);
    let answer = "";
    socket.on("data", (d) => {
      answer += d.toString("utf8");
      // An answer with its whole body: done (the API may keep the connection open).
      const end = answer.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      if (end >= 0 && length && Buffer.byteLength(answer.slice(end + 4)) >= Number(length)) socket.destroy();
    });
    socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
    socket.on("error", reject);
    socket.setTimeout(60_000, () => socket.destroy());
    socket.write(head);
  });
}

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

describe("JSON depth and size, before parsing", () => {
  for (const op of withJsonBody) {
    it(`${op.operationId}: 8,000 levels deep → 400 (with its token and without)`, async () => {
      const { plan, req } = await planned(op);
      try {
        for (const as of [req.as, null]) {
          const res = await call({ ...req, as, body: undefined, raw: { text: deep(8000), contentType: "application/json" }, kind: "input" });
          expectError(res, 400);
          expect(res.body, describeRes(res)).toEqual({ message: TOO_DEEP, status: 400 });
        }
      } finally {
        await plan.cleanup?.().catch(() => {});
      }
    });
  }

  it("a body declared over the size limit is refused before it is read (its first bytes only are sent)", async () => {
    const host = new URL(target().apiUrl).host;
    const { answer, ms } = await stall(`POST /v2/mfa-recovery HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024 + 1}\r\n\r\n{"userId":"`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ message: "The request body is too large.", status: 400 });
    expect(ms, "answered without waiting for the body").toBeLessThan(CONTRACT_REQUEST_TIMEOUT_MS);
  });
});

/** The dotted paths of the body's SingleLineText fields (the contract's names and titles) in the plan's valid body. */
function singleLineFields(schema: J, value: J, path: string[] = []): string[][] {
  if (!schema || value === null || value === undefined) return [];
  const s = schema.allOf ? Object.assign({}, schema, ...schema.allOf) : schema;
  if (typeof value === "string") return s.pattern === SINGLE_LINE_PATTERN ? [path] : [];
  if (Array.isArray(value)) return value.length ? singleLineFields(s.items, value[0], [...path, "0"]) : [];
  if (typeof value === "object" && s.properties) return Object.entries(value).flatMap(([k, v]) => singleLineFields(s.properties[k], v, [...path, k]));
  return [];
}

/** A field's path as the API names it: `scanModules[0].name`. */
const fieldName = (path: string[]) => path.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i ? `.${p}` : p)).join("");

function setAt(body: J, path: string[], v: unknown): J {
  if (path.length === 0) return v;
  const copy = Array.isArray(body) ? [...body] : { ...body };
  copy[path[0]!] = setAt(body[path[0]!], path.slice(1), v);
  return copy;
}

describe("names and titles are one line", () => {
  it("the contract's names and titles are the ones found in the forms and the finding (names, titles, organizations, locations, templates, programs, modules, documents)", () => {
    const found = withJsonBody.filter((op) => JSON.stringify(op.body!.schema).includes(JSON.stringify(SINGLE_LINE_PATTERN))).map((op) => op.operationId);
    for (const op of ["updateLocation", "createLocation", "updateOrganization", "adminCreateOrganization", "invitePractitioner", "completeSignUp", "updateUserProfile", "createPatientRecord", "updatePatientRecord", "createTemplate", "createProgram", "renderPdf", "adminSaveRiskFactorOutcome"]) {
      expect(found, op).toContain(op);
    }
  });

  for (const op of withJsonBody) {
    it(`${op.operationId}: a line break or a control character in a name answers 400 naming the field`, async () => {
      const { plan, req } = await planned(op);
      try {
        const fields = singleLineFields(op.body!.schema, req.body);
        for (const field of fields) {
          for (const bad of ["a\r\nX: y", "tab\there", "esc\u001b[31m", "ls\u2028"]) {
            const res = await call({ ...req, body: setAt(req.body, field, bad), kind: "input" });
            expectError(res, 400);
            expect(res.body.message, describeRes(res)).toBe(`The field ${fieldName(field)} contains a line break or another control character, which no name or title may contain.`);
          }
        }
      } finally {
        await plan.cleanup?.().catch(() => {});
      }
    });
  }
});

describe("bodies that never arrive", () => {
  it("a declared 60 MB upload and a declared JSON body are answered 408 with the error body", async (ctx) => {
    if (target().mode !== "fresh-stack") ctx.skip();
    const host = new URL(target().apiUrl).host;
    const upload = await stall(
      `POST /v2/organizations/${w.orgId}/logo HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${tokenOf("PROVIDER_ADMIN")}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n--x\r\n`,
    );
    expect(upload.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(upload.answer.slice(upload.answer.indexOf("\r\n\r\n") + 4))).toEqual({ status: 408, message: "The request took too long to arrive." });
    const json = await stall(`PATCH /v2/locations/${w.pracLocationId} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${tokenOf("PROVIDER_ADMIN")}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"name":`);
    expect(json.answer).toMatch(/^HTTP\/1\.1 408 /);
    console.log(`408 after ${upload.ms} ms (upload) and ${json.ms} ms (JSON) with REQUEST_TIMEOUT_MS 20000`);
  });
});
