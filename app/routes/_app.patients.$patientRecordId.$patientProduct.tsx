/**
 * `/patients/{id}/{product}/…` (000 §2.8): the Health/Gait tabs (when the patient has both), the date range
 * and (Health) the Reporting Type, the section tabs, and the section below (<Outlet />). The date range lives
 * in the URL (app/domain/date-range.ts) and every tab link keeps it. A product the patient does not have
 * redirects to the default one.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { loadPatientRecord } from "../api/patients.server";
import { requireUser } from "../auth/user.server";
import { parseDateRange, todayIn } from "../domain/date-range";
import { defaultProduct, isPatientProduct, patientProducts, productPath, sectionTabs, DEFAULT_SECTION } from "../domain/patient-detail";
import { ProductView } from "../ui/patient-detail/product-view";
import type { ProductRouteData } from "../ui/patient-detail/route-data";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.patientRecordId ?? "";
  const result = await loadPatientRecord(request, context, id);
  // The record route renders the error (its loader got the same answer).
  if (result.error) return data(null, { headers: { "Cache-Control": "no-store" } });
  const record = result.data;
  const url = new URL(request.url);
  const product = params.patientProduct;
  if (!isPatientProduct(product) || !patientProducts(record).includes(product)) {
    throw redirect(`${productPath(id, defaultProduct(record))}${DEFAULT_SECTION}/${url.search}`);
  }
  const today = todayIn(user.organization.timezone);
  const loaded: ProductRouteData = { product, range: parseDateRange(url.searchParams, today), sections: sectionTabs(product, record) };
  return data(loaded, { headers: { "Cache-Control": "no-store" } });
}

export const headers = () => ({ "Cache-Control": "no-store" });

export default function PatientProductLayout() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded) return null;
  return (
    <ProductView product={loaded.product} range={loaded.range} sections={loaded.sections}>
      <Outlet />
    </ProductView>
  );
}
