/**
 * The patient list's dialogs on the server: what each dialog URL needs (Add New Patient, add to a product,
 * the account invite) and the form posts they make. The route module (routes/_app.patients._index.tsx) only
 * dispatches to these.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { PortalLoadContext } from "../../../context";
import type { CurrentUser } from "../../../auth/user.server";
import { getSession } from "../../../auth/session.server";
import { displayName } from "../../../domain/names";
import { addedToProductMessage, INVITE_FAILED, INVITE_SENT, otherProduct, patientAddedMessage, patientHref, splitProblems, uploadSuccessMessage } from "../rules/patient-rows";
import { hasDetailsFor, patientFormSchema, withMaskedPhone, patientFormSourceOf, PATIENT_MESSAGES, PATIENT_PRODUCTS, type PatientFormSource, type PatientProduct } from "../forms/patient";
import { callOnce, FORM_TOKEN_FIELD, formToken, submitOnce } from "../../../forms/submit-once.server";
import { readLimitedForm, type FormLimits } from "../../../forms/multipart.server";
import type { Api } from "../../../api/client.server";
import { addPatientToProduct, createPatient, getPatientRecord, sendPatientInvite, uploadPatientsCsv, type PatientRecord } from "../../../api/patient-list.server";
import { requestUrl } from "../../../request-url";
import { apiErrorFields } from "../../../forms/api-error";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  noFile: "Choose a CSV file to upload.",
  tooLarge: "The file is larger than 5 MB.",
  notCsv: "Only CSV files (text/csv) are accepted.",
  product: PATIENT_MESSAGES.productRequired,
} as const;

/** The products a user can add patients to (Health and Gait among the organization's; PRO alone otherwise). */
export function addableProducts(orgProducts: readonly string[]): PatientProduct[] {
  const main = (["HEALTH", "GAIT"] as const).filter((p) => orgProducts.includes(p));
  if (main.length) return main;
  return orgProducts.includes("PRO") ? ["PRO"] : [];
}

/** The products of an add request: those asked for that the user may add; a single-product user's one product. */
export function chosenProducts(asked: readonly string[], addable: readonly PatientProduct[]): PatientProduct[] {
  if (addable.length === 1) return [...addable];
  return PATIENT_PRODUCTS.filter((p) => addable.includes(p) && asked.includes(p));
}

export type AddStep = "products" | "details" | "bulk";

export interface AddDialogState {
  step: AddStep;
  addable: PatientProduct[];
  products: PatientProduct[];
  productError: string | null;
  token: string;
}

/** `?add=true[&step=details&products=…][&mode=bulk]` → the Add New Patient dialog's step. */
export function addDialogState(params: URLSearchParams, addable: PatientProduct[]): AddDialogState {
  const products = chosenProducts(params.getAll("products"), addable);
  const token = formToken();
  if (params.get("mode") === "bulk") return { step: "bulk", addable, products, productError: null, token };
  if (addable.length <= 1) return { step: "details", addable, products, productError: null, token };
  const asked = params.get("step") === "details";
  if (asked && products.length > 0) return { step: "details", addable, products, productError: null, token };
  return { step: "products", addable, products, productError: asked ? PATIENT_MESSAGES.productRequired : null, token };
}

export interface PatientSummary extends PatientFormSource {
  id: string;
  name: string;
  products: string[];
  hasAccount: boolean;
}

function summary(r: PatientRecord): PatientSummary {
  return { ...patientFormSourceOf(r), id: r.id, name: displayName(r.patient), products: r.products, hasAccount: r.patient.hasAccount };
}

export type AddProductDialog =
  | { kind: "add-product"; patient: PatientSummary; product: "HEALTH" | "GAIT"; complete: boolean; step: "confirm" | "details"; token: string }
  | { kind: "error"; message: string };

/** `?addProduct={id}[&step=details]`: the patient, the product to add, and whether it needs the details form. */
export async function loadAddProductDialog(api: Api, id: string, userProducts: readonly string[], params: URLSearchParams): Promise<AddProductDialog> {
  const result = await getPatientRecord(api, id);
  if (result.error) return { kind: "error", message: result.error.status === 404 ? "Could not get patient details." : result.error.message };
  const record = result.data;
  const product = otherProduct(record.products, userProducts);
  if (!product) return { kind: "error", message: `${displayName(record.patient)} already has every product of your organization.` };
  const complete = hasDetailsFor(product, {
    ...record.patient,
    injuredBodyPart: record.productData.health?.injuredBodyPart,
    injuredSideOfBody: record.productData.health ? record.productData.health.injuredSideOfBody : undefined,
  });
  return { kind: "add-product", patient: summary(record), product, complete, step: !complete && params.get("step") === "details" ? "details" : "confirm", token: formToken() };
}

export type InviteDialog = { kind: "invite"; patient: { id: string; name: string }; token: string } | { kind: "error"; message: string };

export async function loadInviteDialog(api: Api, id: string): Promise<InviteDialog> {
  const result = await getPatientRecord(api, id);
  if (result.error) return { kind: "error", message: "Could not get patient details." };
  return { kind: "invite", patient: { id: result.data.id, name: displayName(result.data.patient) }, token: formToken() };
}

interface ActionEnv {
  request: Request;
  context: PortalLoadContext;
  user: CurrentUser;
  api: Api;
  today: string;
  /** The list URL without any dialog (where a finished dialog goes back to). */
  listUrl: string;
}

const flashSuccess = (env: ActionEnv, message: string) => getSession(env.request, env.context).flash("toast", { type: "success", message });

/** The patient form's fields an API refusal may name (`field: message`). */
export const PATIENT_FIELDS = ["firstName", "lastName", "email", "phoneNumber", "dob", "locationId", "primaryPractitionerId", "injuredSideOfBody", "injuredBodyPart", "gaitUid"] as const;

/** Single add: validate (the products the user may add), POST v2/patients, then the patient or the form again. */
export async function addPatientAction(env: ActionEnv, form: FormData) {
  const addable = addableProducts(env.user.organization.products);
  const products = chosenProducts(form.getAll("products").map(String), addable);
  const schema = patientFormSchema({ mode: "add", today: env.today, products });
  const submission = parseWithZod(withMaskedPhone(form), { schema });
  const reply = (extra?: Parameters<typeof submission.reply>[0]) => data({ intent: "add-patient" as const, result: submission.reply(extra) }, { status: 400 });
  if (submission.status !== "success") return reply();
  const another = form.get("next") === "another";
  const value = submission.value;
  const outcome = await submitOnce(`${env.user.userId}:add-patient`, form.get(FORM_TOKEN_FIELD), async () => {
    const created = await createPatient(env.api, value);
    if (created.error) return { keep: false, value: { error: created.error } };
    return { keep: true, value: { id: created.data.id } };
  });
  // The API's refusal at the field it names (another location's provider at Primary Provider, a used e-mail at
  // Email), as Edit Patient Details shows it; anything else under the form.
  if (outcome.error) return reply(apiErrorFields(outcome.error, PATIENT_FIELDS));
  flashSuccess(env, patientAddedMessage(value.products));
  if (another) {
    const again = requestUrl(env.request);
    again.searchParams.delete("index");
    throw redirect(`${again.pathname}${again.search}`);
  }
  throw redirect(patientHref(outcome.id));
}

/** The Bulk Add post (forms/multipart.server.ts): the CSV at most 5 MB, its small fields (product, form token), 64 KB more in all. */
export const UPLOAD_FORM_LIMITS: FormLimits = { maxFileBytes: MAX_UPLOAD_BYTES, maxFieldBytes: 4 * 1024, maxBodyBytes: MAX_UPLOAD_BYTES + 64 * 1024, maxParts: 8 };

/** Reads the multipart body with the file kept in memory up to 5 MB: a larger file (or field, or body) is 'too large'. */
async function readUpload(request: Request): Promise<FormData | { error: string }> {
  const read = await readLimitedForm(request, UPLOAD_FORM_LIMITS);
  if (!read.ok) return { error: read.reason === "too-large" ? UPLOAD_MESSAGES.tooLarge : "The upload could not be read. Please try again." };
  if (read.oversized.size > 0) return { error: UPLOAD_MESSAGES.tooLarge };
  return read.form;
}

export interface BulkReply {
  intent: "bulk-upload";
  problems: string[];
  product: string | null;
}

/** Bulk Add: POST v2/patients/upload; every rejected row (the API validates all before saving) listed. */
export async function bulkUploadAction(env: ActionEnv) {
  const fail = (problems: string[], product: string | null = null) => data<BulkReply>({ intent: "bulk-upload", problems, product }, { status: 400 });
  const form = await readUpload(env.request);
  if ("error" in form) return fail([form.error]);
  const addable = addableProducts(env.user.organization.products).filter((p): p is "HEALTH" | "GAIT" => p !== "PRO");
  const asked = String(form.get("product") ?? "");
  const product = addable.length === 1 ? addable[0]! : addable.find((p) => p === asked);
  const file = form.get("file");
  const problems: string[] = [];
  if (!product) problems.push(UPLOAD_MESSAGES.product);
  if (!(file instanceof File) || file.size === 0) problems.push(UPLOAD_MESSAGES.noFile);
  if (problems.length || !product || !(file instanceof File)) return fail(problems, product ?? null);
  const type = file.type.split(";")[0]!.trim().toLowerCase();
  if (!/\.csv$/i.test(file.name) && type !== "text/csv") return fail([UPLOAD_MESSAGES.notCsv], product);

  const outcome = await submitOnce(`${env.user.userId}:bulk-upload`, form.get(FORM_TOKEN_FIELD), async () => {
    const result = await uploadPatientsCsv(env.api, file, product);
    if (result.error) return { keep: false, value: { error: result.error } };
    return { keep: true, value: { count: result.data.importedCount } };
  });
  if (outcome.error) {
    // The API's 400 lists the rows ("Line 3: email: …; Line 7: …"); other failures are one message.
    const message = outcome.error.message.replace(/^file:\s*/, "");
    return fail(outcome.error.status === 400 ? splitProblems(message) : [message], product);
  }
  flashSuccess(env, uploadSuccessMessage(outcome.count));
  throw redirect(env.listUrl);
}

/** Add To the other product: with the patient's details as they are ('Add'), or with the details form ('Next'). */
export async function addProductAction(env: ActionEnv, form: FormData, userProducts: readonly string[]) {
  const id = String(form.get("patientRecordId") ?? "");
  const loaded = await getPatientRecord(env.api, id);
  if (loaded.error) return data({ intent: "add-product" as const, result: null, error: loaded.error.message }, { status: loaded.error.status === 404 ? 404 : 400 });
  const record = loaded.data;
  const product = otherProduct(record.products, userProducts);
  if (!product) return data({ intent: "add-product" as const, result: null, error: `${displayName(record.patient)} already has every product of your organization.` }, { status: 400 });
  const products = [...record.products.filter((p): p is PatientProduct => (PATIENT_PRODUCTS as readonly string[]).includes(p)), product];

  let details = {};
  let replyWith: ((formErrors: string[]) => SubmissionResult<string[]>) | null = null;
  if (form.get("step") === "details") {
    const schema = patientFormSchema({ mode: "edit", today: env.today, products, emailLocked: record.patient.hasAccount });
    const parsed = parseWithZod(withMaskedPhone(form), { schema });
    if (parsed.status !== "success") return data({ intent: "add-product" as const, result: parsed.reply(), error: null }, { status: 400 });
    replyWith = (formErrors) => parsed.reply({ formErrors });
    const v = parsed.value;
    details = {
      firstName: v.firstName,
      lastName: v.lastName,
      ...(record.patient.hasAccount || !v.email ? {} : { email: v.email }),
      phoneNumber: v.phoneNumber,
      ...(product === "HEALTH" ? { injuredSideOfBody: v.injuredSideOfBody, injuredBodyPart: v.injuredBodyPart } : { gaitUid: v.gaitUid }),
    };
  }
  const outcome = await callOnce(`${env.user.userId}:add-product:${id}`, form.get(FORM_TOKEN_FIELD), () => addPatientToProduct(env.api, id, products, details));
  if (outcome.error) {
    return data({ intent: "add-product" as const, result: replyWith ? replyWith([outcome.error.message]) : null, error: outcome.error.message }, { status: 400 });
  }
  flashSuccess(env, addedToProductMessage(product));
  throw redirect(env.listUrl);
}

/** The account invite (confirmed in its dialog): POST v2/health/patients/{id}/invite. */
export async function inviteAction(env: ActionEnv, form: FormData) {
  const id = String(form.get("patientRecordId") ?? "");
  const outcome = await callOnce(`${env.user.userId}:invite:${id}`, form.get(FORM_TOKEN_FIELD), () => sendPatientInvite(env.api, id));
  if (outcome.error) return data({ intent: "invite" as const, error: `${INVITE_FAILED} ${outcome.error.message}` }, { status: 400 });
  flashSuccess(env, INVITE_SENT);
  throw redirect(env.listUrl);
}
