/**
 * `/patients/{id}/{product}/…` (000 §2.8): the Health/Gait tabs (when the patient has both), the Program card
 * (Health), the date range and (Health) the Reporting Type, the section tabs, and the section below
 * (<Outlet />); the program drawer, Download Patient Report and Patient View dialogs. The date range lives in
 * the URL (app/domain/date-range.ts) and every tab link keeps it. A product the patient does not have
 * redirects to the default one. The action unassigns a program (Post/Redirect/Get with a toast).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { getProgram, loadPatientRecord, unassignProgram } from "../api/patients.server";
import { safeRedirect } from "../auth/redirect";
import { getSession } from "../auth/session.server";
import { requireUser } from "../auth/user.server";
import { parseDateRange, todayIn } from "../domain/date-range";
import { defaultProduct, isPatientProduct, patientProducts, productPath, recordPath, sectionTabs, DEFAULT_SECTION } from "../domain/patient-detail";
import { ProductView } from "../ui/patient-detail/product-view";
import type { ProductRouteData } from "../ui/patient-detail/route-data";

export const UNASSIGN_FAILED = "The Program could not be unassigned.";
export const UNASSIGNED = "Program unassigned.";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.patientRecordId ?? "";
  const result = await loadPatientRecord(request, context, id);
  // The record route renders the error (its loader got the same answer).
  if (result.error) return data(null, { headers: NO_STORE });
  const record = result.data;
  const url = new URL(request.url);
  const product = params.patientProduct;
  if (!isPatientProduct(product) || !patientProducts(record).includes(product)) {
    throw redirect(`${productPath(id, defaultProduct(record))}${DEFAULT_SECTION}/${url.search}`);
  }
  const today = todayIn(user.organization.timezone);
  const loaded: ProductRouteData = { product, range: parseDateRange(url.searchParams, today), sections: sectionTabs(product, record) };
  // The program drawer: the chosen (or first) assigned program.
  const heps = record.productData.health?.heps ?? [];
  const hepId = url.searchParams.get("dialog") === "program" ? (heps.find((h) => h.id === url.searchParams.get("program")) ?? heps[0])?.id : undefined;
  const programResult = hepId ? await getProgram(request, context, hepId) : null;
  const program = programResult ? { data: programResult.data ?? null, error: programResult.error ?? null } : null;
  return data({ ...loaded, program }, { headers: NO_STORE });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireUser(request, context);
  const id = params.patientRecordId ?? "";
  const form = await request.formData();
  const home = recordPath(id);
  const back = safeRedirect(form.get("redirectTo"), home);
  if (form.get("intent") !== "unassign-program") throw data({ status: 400 }, { status: 400 });
  const result = await unassignProgram(request, context, id, String(form.get("hepId") ?? ""));
  getSession(request, context).flash("toast", result.error ? { type: "error", message: UNASSIGN_FAILED } : { type: "success", message: UNASSIGNED });
  throw redirect(back.startsWith(home) ? back : home);
}

export const headers = () => NO_STORE;

export default function PatientProductLayout() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded) return null;
  return (
    <ProductView product={loaded.product} range={loaded.range} sections={loaded.sections} program={loaded.program}>
      <Outlet />
    </ProductView>
  );
}
