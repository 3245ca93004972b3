/**
 * The patient detail's route data for the routes nested below it (sections, dialogs): the record loaded by
 * `routes/_app.patients.$patientRecordId.tsx` and the product view of `…$patientProduct.tsx` — read them with
 * these hooks instead of loading the record again.
 */
import type { SerializeFrom } from "../../../route-data";
import { useRouteLoaderData } from "react-router";
import type { PatientRecord } from "../../../api/patients.server";
import type { DateRange } from "../../../domain/date-range";
import type { PatientProduct, SectionTab } from "../rules/patient-detail";

export const RECORD_ROUTE_ID = "routes/_app.patients.$patientRecordId";
export const PRODUCT_ROUTE_ID = "routes/_app.patients.$patientRecordId.$patientProduct";

export interface RecordRouteData {
  record: PatientRecord;
  /** The organization's time zone and today in it (YYYY-MM-DD). */
  timeZone: string;
  today: string;
}

export interface ProductRouteData {
  product: PatientProduct;
  range: DateRange;
  sections: SectionTab[];
  /** The first-program prompt replaces the Program card (a Health patient with no program and no data at all). */
  firstProgram: boolean;
}

function required<T>(data: T | undefined, id: string): T {
  if (!data) throw new Error(`${id} has no data here: use this hook below that route`);
  return data;
}

/** The patient record, its organization's time zone and today. */
export const usePatientRecord = () => required(useRouteLoaderData(RECORD_ROUTE_ID) as SerializeFrom<RecordRouteData> | undefined, RECORD_ROUTE_ID);

/** The product, its date range (parsed from the URL) and the section tabs. */
export const usePatientProduct = () => required(useRouteLoaderData(PRODUCT_ROUTE_ID) as SerializeFrom<ProductRouteData> | undefined, PRODUCT_ROUTE_ID);
