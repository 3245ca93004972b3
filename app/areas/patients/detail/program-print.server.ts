/**
 * The printable program (000 §2.8 Program card → print; 001 "print gives a printable program"): the
 * patient's assigned program with each exercise's image, goal and instructions, on a page styled for paper.
 * Only a program actively assigned to a patient the user can see: anything else is 404, and says nothing.
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { loadPatientRecord, loadProgramView } from "../../../api/patients.server";
import { requirePatientsUser } from "../../../auth/current-user.server";
import { fullName } from "../../../domain/names";
import { todayIn } from "../../../domain/date-range";
import { formatDay } from "../../../domain/zoned-day";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loadProgramPrint({ request, context, params }: LoaderFunctionArgs) {
  const user = requirePatientsUser(context);
  const id = params.patientRecordId ?? "";
  const hepId = params.hepId ?? "";
  const record = await loadPatientRecord(request, context, id);
  const notFound = () => data({ status: 404 }, { status: 404, headers: NO_STORE });
  if (record.error) {
    if (record.error.status === 400 || record.error.status === 404) throw notFound();
    throw data({ status: 502 }, { status: 502, headers: NO_STORE });
  }
  const assigned = record.data.productData.health?.heps.some((h) => h.id === hepId) ?? false;
  if (!assigned) throw notFound();
  const view = await loadProgramView(request, context, hepId);
  if (view.error) throw data({ status: view.error.status === 404 ? 404 : 502 }, { status: view.error.status === 404 ? 404 : 502, headers: NO_STORE });
  return data(
    {
      patientId: id,
      patientName: fullName(record.data.patient),
      // The print logo (`logoUrl`; the screen's when only that is set), from this request's profile: the current one.
      organization: { name: user.organization.name, logoUrl: user.organization.logoUrl ?? user.organization.webLogoUrl ?? null },
      printedOn: formatDay(todayIn(user.organization.timezone)),
      program: view.data,
    },
    { headers: NO_STORE },
  );
}
