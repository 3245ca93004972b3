/**
 * Every request of the suite is recorded (one JSON line per call) so the last test file can print the
 * per-operation conformance table and fail on operations that were never exercised.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";

/** What a call was made for; the table has a column per check kind. */
export type CheckKind =
  | "setup" // discovering ids, creating prerequisites, cleaning up
  | "success" // the operation's valid request
  | "generated" // valid generated input
  | "auth" // 401 without or with a tampered token
  | "input" // 400 for invalid input
  | "role" // 403 for the wrong role
  | "org" // 403/404 for another organization's records (or a practitioner's other locations)
  | "rule" // the operation's own refusals (409s, business 400s)
  | "roundtrip" // create → read → update → delete → 404
  | "paging"; // pagination invariants

export interface CallRecord {
  op: string;
  kind: CheckKind;
  status: number;
  /** null when the response conforms to the contract (documented status and content type, schema-valid body). */
  problem: string | null;
  ms: number;
}

export function record(file: string, rec: CallRecord): void {
  appendFileSync(file, `${JSON.stringify(rec)}\n`);
}

export function readRecords(file: string): CallRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CallRecord);
}

/** Marks of checks that passed, written by the tests themselves (a call alone does not prove a check). */
export interface CheckMark {
  op: string;
  check: "auth" | "input" | "role" | "org" | "roundtrip" | "paging" | "generated" | "success";
  ok: boolean;
  note?: string;
}

export function mark(file: string, m: CheckMark): void {
  appendFileSync(file.replace(/\.jsonl$/, ".marks.jsonl"), `${JSON.stringify(m)}\n`);
}

export function readMarks(file: string): CheckMark[] {
  const f = file.replace(/\.jsonl$/, ".marks.jsonl");
  if (!existsSync(f)) return [];
  return readFileSync(f, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CheckMark);
}
