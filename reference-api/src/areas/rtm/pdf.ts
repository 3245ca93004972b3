import { fields, heading, renderPdf, table, usDate, usDateTime, type Pdf } from "../health/pdf.js";
import { BILLING, CYCLE_DAYS, STATUS_LABEL, type RtmCycle, type RtmEvent } from "./cycles.js";
import { isDeviceCode } from "./rules.js";
import type { RtmMonthlySummary } from "./list.js";
import { careNoteWords } from "../../../../app/domain/rtm-2026.js";
import { monthHeading } from "../../../../app/domain/month-name.js";

const EVENT_LABEL: Record<RtmEvent["type"], string> = {
  HEP_SESSION: "Program session",
  SELF_REPORTED_HEP_SESSION: "Self-reported session",
  PRO_RESPONSE: "Survey response",
  PATIENT_INTERACTION: "Patient interaction",
  INITIAL_HEP_ASSIGNMENT: "Initial program assignment",
};

/** "N/30 days" for the device-data cycle, "N/<required> days" for the others. */
export function activeDaysLabel(c: RtmCycle): string {
  const of = c.code === "DEVICE_AND_DATA_TRANSMISSION" ? CYCLE_DAYS : c.numRequiredDays;
  return `${c.numActiveDays}/${of} days`;
}

/** A care note's day (its date, taken at midnight in the organization's time zone): date only, never "12:00 AM". */
const noteDay = (iso: string, timeZone: string) => usDate(new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso)));

function cycleSection(doc: Pdf, c: RtmCycle, timeZone: string): void {
  const billing = BILLING[c.code];
  // A device code bills on days of data, a care-management code on minutes (ADR 043): each prints its own facts.
  const device = isDeviceCode(c.code);
  fields(doc, [
    ["Cycle code", `${c.code} (${billing.billingCode} ${billing.description})`],
    ["Dates", `${usDate(c.startDate)} – ${usDate(c.endDate)}`],
    ["Status", STATUS_LABEL[c.status]],
    ...(device
      ? ([["Active days", `${activeDaysLabel(c)} (${c.numRequiredDays} required)`]] as [string, string][])
      : ([
          ["Interaction minutes", String(c.interactionMinutes)],
          ["Live interaction", c.liveInteraction ? "logged" : "none logged"],
        ] as [string, string][])),
    ...(c.afterBill ? ([["After the bill", `${c.afterBill.minutes} minutes documented after the bill (not part of it)`]] as [string, string][]) : []),
    // What it still needs before it can be billed (the billing rules, ADR 008); nothing once billable.
    ...(c.needs ? ([["Still needed", c.needs.text]] as [string, string][]) : []),
  ]);
  doc.moveDown(0.3);
  if (c.events.length === 0) {
    doc.text("No events in this cycle.");
    return;
  }
  // A care note's row says how its minutes were entered, its call (live interaction or not) and who entered it, in the
  // words of the portal's care-notes section and audit packet (app/domain/rtm-2026.ts, ADR 033); an unsuccessful
  // attempt's minutes are "(not counted)". The cells wrap within the page's 512 points.
  table(
    doc,
    [{ title: "Date", width: 105 }, { title: "Event", width: 90 }, { title: "Minutes", width: 55 }, { title: "Entered", width: 45 }, { title: "Interaction", width: 127 }, { title: "Entered by", width: 90 }],
    c.events.map((e) => {
      if (e.type !== "PATIENT_INTERACTION") return [usDateTime(e.dateTime, timeZone), EVENT_LABEL[e.type], "", "", "", ""];
      const interactive = e.patientInteractionType === "PATIENT_INTERACTIVE_COMMUNICATION";
      const w = careNoteWords({ minutes: e.minutes ?? 0, source: e.source, liveInteraction: e.liveInteraction, unsuccessfulAttempt: e.unsuccessfulAttempt, interactive });
      return [
        e.afterBill ? `${noteDay(e.dateTime, timeZone)} (after the bill)` : noteDay(e.dateTime, timeZone),
        EVENT_LABEL[e.type],
        w.minutes,
        w.entered,
        w.live ? `${w.interaction} (live interaction)` : w.interaction,
        e.practitioner ? `${e.practitioner.lastName}, ${e.practitioner.firstName}` : "—",
      ];
    }),
  );
}

/** The patient under the letterhead (the organization's name and the document's title, an H1: ADR 046). */
function patientSection(doc: Pdf, patient: { firstName: string; lastName: string }): void {
  heading(doc, "Patient");
  fields(doc, [["Name", `${patient.lastName}, ${patient.firstName}`]]);
}

/** The shared letterhead (ADR 046): the organization's name, the title as the document's H1. The API has no print logo. */
const letterhead = (organization: string, title: string) => ({ letterhead: { logo: null, organizationName: organization, title } });

export const CYCLE_PDF_TITLE = "Remote Therapeutic Monitoring – Billing Cycle";

export function renderCyclePdf(c: RtmCycle, organization: string, timeZone: string): Promise<Buffer> {
  return renderPdf(
    `RTM cycle ${c.code}`,
    (doc) => {
      patientSection(doc, c.patientRecord);
      heading(doc, `${BILLING[c.code].billingCode} ${BILLING[c.code].description}`);
      cycleSection(doc, c, timeZone);
    },
    letterhead(organization, CYCLE_PDF_TITLE),
  );
}

export function renderMonthlyPdf(s: RtmMonthlySummary, organization: string, timeZone: string): Promise<Buffer> {
  const month = monthHeading(s.yearMonth);
  return renderPdf(`RTM ${month}`, (doc) => {
    patientSection(doc, s.patientRecord);
    fields(doc, [
      ["Month", month],
      ["Status", STATUS_LABEL[s.status]],
      ["Cycles", String(s.cycles.length)],
    ]);
    for (const c of s.cycles) {
      heading(doc, `${BILLING[c.code].billingCode} ${BILLING[c.code].description}`);
      cycleSection(doc, c, timeZone);
    }
  }, letterhead(organization, `Remote Therapeutic Monitoring – ${month}`));
}
