import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/db.js";
import { bulkInsert } from "../../db/db.js";
import { canSeeAllOfOrganization, type MemberCaller } from "../../core/auth.js";
import { patientScope } from "../../core/access.js";
import { badRequest } from "../../core/errors.js";
import { uploadParts } from "../../core/uploads.js";
import type { RecordPatients } from "../audit/record.js";
import { CsvError, looksBinary, mapHeader, parseCsv, summarizeProblems, type CsvRecord } from "./csv.js";
import { blankToNull, normalizePhone, patientProblems, PHONE_MESSAGE, type PatientFields } from "./validation.js";

export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const MAX_CSV_ROWS = 5000;

/**
 * Reads a multipart upload: the `file` part (a CSV) and the text fields the contract allows (`allowedFields`);
 * any other part is refused, as the contract's schema says. Every failure is a 400.
 */
export async function readCsvUpload(req: FastifyRequest, allowedFields: readonly string[]): Promise<{ text: string; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest("file: The request must be multipart/form-data with a CSV file in the field 'file'");
  const fields: Record<string, string> = {};
  let file: { buf: Buffer; mimetype: string; filename: string } | undefined;
  try {
    for (const part of await uploadParts(req)) {
      if (part.type === "file") {
        if (part.fieldname !== "file") throw badRequest(`${part.fieldname.slice(0, 40)}: Unexpected file field; send the CSV as 'file'`);
        file = { buf: part.buf, mimetype: part.mimetype, filename: part.filename };
      } else {
        if (!allowedFields.includes(part.fieldname)) throw badRequest(`${part.fieldname.slice(0, 40)}: Unexpected field; allowed: file${allowedFields.map((f) => `, ${f}`).join("")}`);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    const err = e as { statusCode?: number; code?: string; message?: string };
    if (err.code === "FST_REQ_FILE_TOO_LARGE" || err.statusCode === 413) throw badRequest("file: The file is larger than 5 MB");
    if (err.statusCode && err.statusCode < 500) throw badRequest(`file: The upload could not be read (${err.message ?? "malformed multipart body"})`);
    throw e;
  }
  if (!file) throw badRequest("file: A CSV file is required");
  const mime = file.mimetype.split(";")[0]!.trim().toLowerCase();
  const csvName = /\.csv$/i.test(file.filename);
  // Browsers on some systems send .csv files as application/vnd.ms-excel or octet-stream: the name decides then.
  const okMime = mime === "text/csv" || mime === "application/csv" || (csvName && ["application/vnd.ms-excel", "application/octet-stream", "text/plain"].includes(mime));
  if (!okMime) throw badRequest("file: Only CSV files (text/csv) are accepted");
  if (file.buf.length > MAX_CSV_BYTES) throw badRequest("file: The file is larger than 5 MB");
  if (file.buf.length === 0) throw badRequest("file: The file is empty");
  if (looksBinary(file.buf)) throw badRequest("file: The file is not a CSV text file");
  const text = file.buf.toString("utf8");
  if (text.includes("\uFFFD")) throw badRequest("file: The file is not UTF-8 text");
  return { text, fields };
}

/** Parses the CSV into a header map and data records; structural problems are a 400. */
export function readTable(text: string, known: string[], required: string[], oneOf: string[][] = []): { cols: Map<string, number>; rows: CsvRecord[] } {
  try {
    const records = parseCsv(text);
    const header = records.shift();
    if (!header) throw new CsvError("The file is empty");
    const cols = mapHeader(header.fields, known, required, oneOf);
    if (records.length === 0) throw new CsvError("The file has no patient rows");
    if (records.length > MAX_CSV_ROWS) throw new CsvError(`The file has ${records.length} rows; at most ${MAX_CSV_ROWS} are accepted`);
    return { cols, rows: records };
  } catch (e) {
    if (e instanceof CsvError) throw badRequest(`file: ${e.message}`);
    throw e;
  }
}

const cell = (r: CsvRecord, cols: Map<string, number>, name: string): string => {
  const i = cols.get(name);
  return i === undefined ? "" : (r.fields[i] ?? "").trim();
};

const SIDE_WORDS: Record<string, string | null> = { left: "LEFT", right: "RIGHT", both: "BOTH", "n/a": null, na: null, "": null };
const PARTS = ["SHOULDER", "HIP", "KNEE", "SPINE", "MULTIPLE"];

/** YYYY-MM-DD or MM/DD/YYYY (also M/D/YYYY) to YYYY-MM-DD; undefined when unreadable. */
function parseCsvDate(s: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[1]!.padStart(2, "0")}-${m[2]!.padStart(2, "0")}`;
  return undefined;
}

const HEALTH_COLUMNS = ["firstName", "lastName", "email", "phoneNumber", "dob", "injuredSideOfBody", "injuredBodyPart", "locationName", "locationId"];
const GAIT_COLUMNS = ["firstName", "lastName", "gaitUid", "locationName", "locationId", "dob"];

/**
 * Imports patients of one product from CSV text. All rows are validated first (product rules, location, the
 * caller's reach, duplicates in the file and in the organization); any problem → 400 listing them; else all
 * rows are inserted in one transaction with a plan of care starting today, and `record` is given the new
 * patients' ids in that transaction.
 */
export async function importPatients(db: Db, m: MemberCaller, product: "HEALTH" | "GAIT", text: string, today: string, record: RecordPatients): Promise<number> {
  const health = product === "HEALTH";
  const { cols, rows } = health
    ? readTable(text, HEALTH_COLUMNS, ["firstName", "lastName", "email", "injuredSideOfBody", "injuredBodyPart"], [["locationName", "locationId"]])
    : readTable(text, GAIT_COLUMNS, ["firstName", "lastName"], [["locationName", "locationId"]]);

  // Locations the caller may add patients to.
  const locs = await db.query<{ id: string; name: string }>("SELECT id, name FROM locations WHERE organization_id = $1", [m.organizationId]);
  const mine = (id: string) => canSeeAllOfOrganization(m) || m.locationIds.includes(id);
  const byName = new Map<string, string[]>();
  for (const l of locs) byName.set(l.name.trim().toLowerCase(), [...(byName.get(l.name.trim().toLowerCase()) ?? []), l.id]);
  const ids = new Set(locs.map((l) => l.id));
  const callerIsAdmin = m.role !== "PORTAL_PRACTITIONER";

  const problems: string[] = [];
  const valid: { f: PatientFields; practitionerId: string | null }[] = [];
  const seenEmail = new Map<string, number>();
  const seenUid = new Map<string, number>();
  for (const r of rows) {
    const p = (field: string, message: string) => problems.push(`Line ${r.line}: ${field}: ${message}`);
    const before = problems.length;
    // Location
    let locationId: string | null = null;
    const locId = cell(r, cols, "locationId").toLowerCase();
    const locName = cell(r, cols, "locationName");
    if (locId) {
      if (!ids.has(locId)) p("locationId", "Location not found");
      else if (!mine(locId)) p("locationId", "You can only use your own locations");
      else locationId = locId;
    } else if (locName) {
      const matches = byName.get(locName.toLowerCase()) ?? [];
      if (matches.length === 0) p("locationName", `Location "${locName.slice(0, 60)}" not found`);
      else if (matches.length > 1) p("locationName", `Several locations are named "${locName.slice(0, 60)}"; use locationId`);
      else if (!mine(matches[0]!)) p("locationName", `"${locName.slice(0, 60)}" is not one of your locations`);
      else locationId = matches[0]!;
    }
    // Fields
    const email = blankToNull(cell(r, cols, "email"));
    const rawPhone = cell(r, cols, "phoneNumber");
    const phone = normalizePhone(rawPhone);
    if (phone === undefined) p("phoneNumber", PHONE_MESSAGE);
    const rawDob = cell(r, cols, "dob");
    const dob = rawDob ? parseCsvDate(rawDob) : null;
    if (dob === undefined) p("dob", "Date of birth must be YYYY-MM-DD or MM/DD/YYYY");
    let side: string | null = null;
    const rawSide = cell(r, cols, "injuredSideOfBody").toLowerCase();
    if (health) {
      if (!(rawSide in SIDE_WORDS)) p("injuredSideOfBody", "Side of body must be Left, Right, Both or N/A");
      else side = SIDE_WORDS[rawSide]!;
    }
    let part: string | null = null;
    const rawPart = cell(r, cols, "injuredBodyPart").toUpperCase();
    if (health && rawPart) {
      if (!PARTS.includes(rawPart)) p("injuredBodyPart", "Involved body part must be Shoulder, Hip, Knee, Spine or Multiple");
      else part = rawPart;
    }
    if (email && email.length > 254) p("email", "Email is longer than 254 characters");
    const f: PatientFields = {
      firstName: cell(r, cols, "firstName").slice(0, 100),
      lastName: cell(r, cols, "lastName").slice(0, 100),
      email,
      phoneNumber: phone ?? null,
      injuredSideOfBody: side,
      injuredBodyPart: part,
      dob: dob ?? null,
      locationId: locationId ?? (locId || locName ? "?" : null),
      products: [product],
      gaitUid: health ? null : blankToNull(cell(r, cols, "gaitUid"))?.slice(0, 64) ?? null,
    };
    // Names, e-mail, injury, dob in the future, location required (a bad location was reported above).
    for (const q of patientProblems(f, today, { sideGiven: true })) p(q.field, q.message);
    if (email) {
      const k = email.toLowerCase();
      if (seenEmail.has(k)) p("email", `The e-mail is also on line ${seenEmail.get(k)}`);
      else seenEmail.set(k, r.line);
    }
    if (f.gaitUid) {
      const k = f.gaitUid.toLowerCase();
      if (seenUid.has(k)) p("gaitUid", `The gait ID is also on line ${seenUid.get(k)}`);
      else seenUid.set(k, r.line);
    }
    if (problems.length === before && locationId) {
      const practitionerId = callerIsAdmin || m.locationIds.includes(locationId) ? m.practitionerId : null;
      valid.push({ f: { ...f, locationId }, practitionerId });
    }
  }

  // Already in the organization?
  if (seenEmail.size > 0) {
    const taken = await db.query<{ e: string }>("SELECT DISTINCT lower(email) AS e FROM patient_records WHERE organization_id = $1 AND lower(email) = ANY($2::text[])", [m.organizationId, [...seenEmail.keys()]]);
    for (const t of taken) problems.push(`Line ${seenEmail.get(t.e)}: email: Another patient of the organization already has this e-mail`);
  }
  if (seenUid.size > 0) {
    const taken = await db.query<{ u: string }>("SELECT DISTINCT lower(gait_uid) AS u FROM patient_records WHERE organization_id = $1 AND lower(gait_uid) = ANY($2::text[])", [m.organizationId, [...seenUid.keys()]]);
    for (const t of taken) problems.push(`Line ${seenUid.get(t.u)}: gaitUid: Another patient of the organization already has this gait ID`);
  }
  if (problems.length > 0) {
    const lineOf = (s: string) => Number(/^Line (\d+)/.exec(s)?.[1] ?? 0);
    problems.sort((a, b) => lineOf(a) - lineOf(b));
    throw badRequest(summarizeProblems(problems));
  }

  await db.tx(async (tx) => {
    const patients: unknown[][] = [];
    const plans: unknown[][] = [];
    for (const { f, practitionerId } of valid) {
      const id = randomUUID();
      patients.push([id, m.organizationId, f.locationId, practitionerId, f.firstName, f.lastName, f.email, f.phoneNumber, f.dob, f.products, f.injuredSideOfBody, f.injuredBodyPart, f.gaitUid]);
      plans.push([randomUUID(), id, today, f.products]);
    }
    await bulkInsert(tx, "patient_records", ["id", "organization_id", "location_id", "practitioner_id", "first_name", "last_name", "email", "phone_number", "dob", "products", "injured_side_of_body", "injured_body_part", "gait_uid"], patients, 300);
    await bulkInsert(tx, "plans_of_care", ["id", "patient_record_id", "start_date", "products"], plans, 500);
    await record(tx, patients.map((p) => p[0] as string));
  });
  return valid.length;
}

/**
 * Gait reconcile: rows `gaitUid, firstName, lastName`; matching visible GAIT patients get the names. Answers
 * how many records changed; `record` is given their ids in the update's transaction.
 */
export async function reconcileGaitPatients(db: Db, m: MemberCaller, text: string, record: RecordPatients): Promise<number> {
  const { cols, rows } = readTable(text, ["gaitUid", "firstName", "lastName"], ["gaitUid", "firstName", "lastName"]);
  const problems: string[] = [];
  const uids: string[] = [];
  const firsts: string[] = [];
  const lasts: string[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const uid = cell(r, cols, "gaitUid");
    const first = cell(r, cols, "firstName");
    const last = cell(r, cols, "lastName");
    const before = problems.length;
    if (!uid) problems.push(`Line ${r.line}: gaitUid: Gait ID is required`);
    else if (uid.length > 64) problems.push(`Line ${r.line}: gaitUid: Gait ID is longer than 64 characters`);
    else if (seen.has(uid.toLowerCase())) problems.push(`Line ${r.line}: gaitUid: The gait ID is also on line ${seen.get(uid.toLowerCase())}`);
    if (!first) problems.push(`Line ${r.line}: firstName: First name is required`);
    if (!last) problems.push(`Line ${r.line}: lastName: Last name is required`);
    if (first.length > 100) problems.push(`Line ${r.line}: firstName: First name is longer than 100 characters`);
    if (last.length > 100) problems.push(`Line ${r.line}: lastName: Last name is longer than 100 characters`);
    if (uid) seen.set(uid.toLowerCase(), r.line);
    if (problems.length === before) {
      uids.push(uid.toLowerCase());
      firsts.push(first);
      lasts.push(last);
    }
  }
  if (problems.length > 0) throw badRequest(summarizeProblems(problems));
  const params: unknown[] = [uids, firsts, lasts];
  const scope = patientScope(m, params, "pr");
  return db.tx(async (tx) => {
    const updated = await tx.query<{ id: string }>(
      `UPDATE patient_records pr SET first_name = v.first_name, last_name = v.last_name, updated_at = now()
         FROM unnest($1::text[], $2::text[], $3::text[]) AS v(uid, first_name, last_name)
        WHERE lower(pr.gait_uid) = v.uid AND 'GAIT' = ANY(pr.products) AND NOT pr.hidden AND ${scope}
          AND (pr.first_name IS DISTINCT FROM v.first_name OR pr.last_name IS DISTINCT FROM v.last_name)
        RETURNING pr.id::text AS id`,
      params,
    );
    await record(tx, updated.map((u) => u.id));
    return updated.length;
  });
}
