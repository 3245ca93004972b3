/**
 * `/patients/{id}/{product}/…` (000 §2.8): the Health/Gait tabs (when the patient has both), the Program card
 * (Health), the date range and (Health) the Reporting Type, the section tabs, and the section below
 * (<Outlet />); the program drawer, Download Patient Report and Patient View dialogs. The date range lives in
 * the URL (app/domain/date-range.ts) and every tab link keeps it. A product the patient does not have
 * redirects to the default one. The action unassigns a program, confirmed in its dialog
 * (`?dialog=unassign&program={hepId}`; app/areas/patients/detail/program-action.server.ts).
 */
import { data, Outlet, redirect } from "react-router";
import { Suspense } from "react";
import { listCareNotes } from "../api/care-notes.server";
import { CARE_TIMER_LOAD_FAILED, getCareTimer } from "../api/care-timer.server";
import { careTimerAction, isCareTimerIntent } from "../areas/patients/detail/care-timer-action.server";
import type { CareTimerView } from "../areas/patients/detail/care-timer";
import { readForm } from "../forms/read-form.server";
import { isReadOnlyRole } from "../auth/roles";
import type { Api } from "../api/client.server";
import { loadPatientRecord, loadProgramView } from "../api/patients.server";
import { getApi } from "../api/user-api.server";
import { requirePatientsUser } from "../auth/current-user.server";
import { parseDateRange, todayIn } from "../domain/date-range";
import { defaultProduct, firstSection, isPatientProduct, patientProducts, productPath, sectionTabs } from "../areas/patients/rules/patient-detail";
import { programAction } from "../areas/patients/detail/program-action.server";
import { ProductView } from "../areas/patients/detail/product-view";
import { needsFirstProgram } from "../areas/patients/detail/program-card";
import type { ProductRouteData } from "../areas/patients/detail/route-data";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/_app.patients.$patientRecordId.$patientProduct";
import { lazyPart } from "../components/lazy-part";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requirePatientsUser(context);
  const id = params.patientRecordId ?? "";
  // The signed-in practitioner's care timer (Health: RTM care time), asked alongside the record; none for
  // read-only support staff (they give no care).
  const timerCall = params.patientProduct === "health" && !isReadOnlyRole(user.role) ? getCareTimer(getApi(request, context), id) : null;
  void timerCall?.catch(() => undefined);
  const result = await loadPatientRecord(request, context, id);
  // The record route renders the error (its loader got the same answer).
  if (result.error) return data(null, { headers: NO_STORE });
  const record = result.data;
  const url = requestUrl(request);
  const product = params.patientProduct;
  if (!isPatientProduct(product) || !patientProducts(record).includes(product)) {
    const to = defaultProduct(record);
    throw redirect(`${productPath(id, to)}${firstSection(to, record)}/${url.search}`);
  }
  const today = todayIn(user.organization.timezone);
  const loaded: ProductRouteData = {
    product,
    range: parseDateRange(url.searchParams, today),
    sections: sectionTabs(product, record),
    firstProgram: product === "health" && needsFirstProgram(record) && !(await hasCareNotes(getApi(request, context), id)),
  };
  // The program drawer (only while it is open): the chosen (or first) assigned program with its exercises'
  // names. Not awaited: the page renders at once and the drawer's content streams in.
  const heps = record.productData.health?.heps ?? [];
  const hepId = url.searchParams.get("dialog") === "program" ? (heps.find((h) => h.id === url.searchParams.get("program")) ?? heps[0])?.id : undefined;
  const program = hepId ? loadProgramView(request, context, hepId) : null;
  const timerResult = timerCall ? await timerCall : null;
  const timer: CareTimerView | null = !timerResult ? null : timerResult.error ? { error: CARE_TIMER_LOAD_FAILED } : { timer: timerResult.data.timer, stopped: timerResult.data.stopped };
  return data({ ...loaded, program, timer }, { headers: NO_STORE });
}

/**
 * RTM data without a program, sessions or PRO answers can only be care notes (000 §3: cycles count sessions,
 * PRO answers, care notes and assignments): asked only for a patient who has none of the others. A failed
 * call counts as data (no prompt rather than a wrong one).
 */
async function hasCareNotes(api: Api, id: string): Promise<boolean> {
  const notes = await listCareNotes(api, id);
  return notes.error ? true : notes.data.length > 0;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requirePatientsUser(context);
  // The care timer's posts (Start, Stop, Resume; the island's pause) or the program's unassign.
  const form = await readForm(request.clone());
  if (isCareTimerIntent(form.get("intent"))) return careTimerAction(request, context, user.userId, params.patientRecordId ?? "", form);
  return programAction(request, context, user.userId, params.patientRecordId ?? "");
}

export const headers = () => NO_STORE;

// The care timer hydrates once its code has come, after the page is interactive (ADR 038, as the list's results): the
// server renders its state, and until then Start, Stop and Resume are the forms they are without JavaScript; the time
// is the API's either way (its elapsed time starts ticking, and the inactivity pause listening, with the code).
const CareTimerControl = lazyPart(() => import("../areas/patients/detail/care-timer").then((m) => ({ default: m.CareTimerControl })));

export default function PatientProductLayout({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  const timer = loaded.timer ? (
    <Suspense fallback={null}>
      <CareTimerControl view={loaded.timer} />
    </Suspense>
  ) : null;
  return (
    <ProductView product={loaded.product} range={loaded.range} sections={loaded.sections} program={loaded.program} firstProgram={loaded.firstProgram} timer={timer}>
      <Outlet />
    </ProductView>
  );
}
