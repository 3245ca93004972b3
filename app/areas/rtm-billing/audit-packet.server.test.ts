import PDFDocument from "pdfkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RtmCycle, RtmMonthlySummary } from "../../api/rtm.server";
import { flatten, readPdf, readStructure, WORLD_NAMES } from "../../media/pdf/test-fixture";
import { renderAuditPacketPdf } from "./audit-packet-pdf.server";
import { auditPacket, auditPacketFileName, auditPacketHref, dataDays } from "./rules/audit-packet";

const TZ = "America/Denver";
const PATIENT = { id: "5c2d8e4a-1b3f-4a6c-9d7e-8f0a1b2c3d4e", firstName: "Rtm", lastName: "Boundary 11 days" };
let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;
type Event = RtmCycle["events"][number];
const NOT_A_NOTE = { source: null, liveInteraction: null, unsuccessfulAttempt: false, practitioner: null, afterBill: false } as const;
const session = (dateTime: string): Event => ({ id: id(), type: "HEP_SESSION", dateTime, minutes: null, patientInteractionType: null, ...NOT_A_NOTE });
const OKAFOR = { id: "7b1e2f9a-4c3d-4e5f-8a9b-0c1d2e3f4a5b", firstName: "Maya", lastName: "Okafor", npi: "1234567893", credential: "PT" as const };
const CRUZ = { id: "8c2f3a0b-5d4e-4f6a-9b0c-1d2e3f4a5b6c", firstName: "Ana María", lastName: "de la Cruz", npi: null, credential: "PTA" as const };
/** A care note's event as the API reports it: its minutes, how they were entered, its call and who wrote it (ADR 033). */
const note = (day: string, minutes: number, over: Partial<Pick<Event, "source" | "liveInteraction" | "unsuccessfulAttempt" | "practitioner">> & { interactive?: boolean } = {}): Event => {
  const { interactive, ...fields } = over;
  const twoWay = !!fields.liveInteraction?.twoWay && !fields.unsuccessfulAttempt;
  return {
    id: id(),
    type: "PATIENT_INTERACTION",
    // A care note's date is taken at midnight in the organization's time zone (RtmEvent).
    dateTime: `${day}T07:00:00.000Z`,
    minutes,
    patientInteractionType: (interactive ?? twoWay) ? "PATIENT_INTERACTIVE_COMMUNICATION" : null,
    source: "TYPED",
    liveInteraction: null,
    unsuccessfulAttempt: false,
    practitioner: OKAFOR,
    afterBill: false,
    ...fields,
  };
};
/** December's notes: a timed two-way video call, a typed phone attempt (not counted), an older note without its method. */
const DECEMBER_NOTES = () => [
  note("2026-12-01", 10, { source: "TIMED", liveInteraction: { method: "VIDEO", twoWay: true } }),
  note("2026-12-02", 4, { liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true, practitioner: CRUZ }),
  note("2026-12-03", 5, { interactive: true, practitioner: null }),
];

function cycle(over: Partial<RtmCycle> & Pick<RtmCycle, "code" | "billingCode" | "status" | "startDate" | "endDate">): RtmCycle {
  return { id: id(), numActiveDays: 0, numRequiredDays: 16, numRemainingDays: 0, interactionMinutes: 0, events: [], needs: null, units: 1, liveInteraction: false, projection: null, billNow: null, afterBill: null, patientRecord: PATIENT, episodeStart: "2026-11-08", pdfKey: null, renderingPractitioner: OKAFOR, billedAt: null, billedBy: null, modifiers: ["GP"], ...over };
}

/**
 * The seeded boundary patient "Rtm Boundary 11 days" as the month list answers it (reference-api rtm seed: monitoring
 * started on 11/08, sessions on its first 11 days, 11 days left), with a December of 15 minutes of care: a timed
 * two-way video call of 10 minutes (the live interaction), a typed phone attempt of 4 minutes (not counted) and an
 * older note of 5 minutes marked interactive before the call's method was recorded (not the live interaction). One session at 05:30 UTC on 11/09 is still 11/08 in Denver: one day of data, two sessions.
 */
function boundarySummary(): RtmMonthlySummary {
  const days = Array.from({ length: 11 }, (_, i) => `2026-11-${String(8 + i).padStart(2, "0")}`);
  const sessions = [...days.map((d) => session(`${d}T16:00:00.000Z`)), session("2026-11-09T05:30:00.000Z")];
  const assignment: Event = { id: id(), type: "INITIAL_HEP_ASSIGNMENT", dateTime: "2026-11-08T16:00:00.000Z", minutes: null, patientInteractionType: null, ...NOT_A_NOTE };
  const interval = { startDate: "2026-11-08", endDate: "2026-12-07", numActiveDays: 11, numRemainingDays: 11, events: [assignment, ...sessions] };
  const notes = DECEMBER_NOTES();
  const month = { startDate: "2026-12-01", endDate: "2026-12-31", interactionMinutes: 15, liveInteraction: true, events: notes, numRemainingDays: 25 };
  return {
    id: id(),
    patientRecord: PATIENT,
    yearMonth: "2026-12",
    status: "READY_TO_BILL",
    pdfKey: null,
    runningIntervals: [],
    cycles: [
      cycle({ code: "PATIENT_SETUP", billingCode: "98975", status: "READY_TO_BILL", numRequiredDays: 2, ...interval }),
      cycle({
        code: "DEVICE_AND_DATA_TRANSMISSION",
        billingCode: "98977",
        status: "IN_PROGRESS",
        ...interval,
        needs: { text: "11 of 16 active days — 5 more needed in the 11 days left", reachable: true },
        projection: "16 days can still be reached: 98977 applies at 16 — 5 more in the 11 days left",
      }),
      cycle({ code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", billingCode: "98985", status: "READY_TO_BILL", numRequiredDays: 2, ...interval, projection: "16 days can still be reached: 98977 applies at 16 — 5 more in the 11 days left" }),
      cycle({ code: "BRIEF_PATIENT_INTERACTION", billingCode: "98979", status: "READY_TO_BILL", ...month, projection: "5 more minutes reach 98980 (20 minutes)" }),
      cycle({ code: "PATIENT_INTERACTION", billingCode: "98980", status: "IN_PROGRESS", ...month, needs: { text: "15 of 20 minutes of care management", reachable: true } }),
    ],
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the RTM audit packet (ADR 033)", () => {
  it("of a boundary patient reads back with its days of data and their dates, its minutes, live interaction and codes", async () => {
    const summary = boundarySummary();
    const pdf = await renderAuditPacketPdf({ packet: auditPacket(summary, TZ, "2026-12-04"), organizationName: "Front Range Physical Therapy", logo: null });
    const { text, info } = await readPdf(pdf);
    const flat = text.replace(/\s+/g, " ");
    expect(info.Title).toBe("RTM Audit Packet 2026-12: Boundary 11 days, Rtm");
    for (const s of [
      "Front Range Physical Therapy",
      "RTM Audit Packet",
      "Patient: Boundary 11 days, Rtm (ID 5c2d8e4a-1b3f-4a6c-9d7e-8f0a1b2c3d4e)",
      "Month: December 2026 · Ready to Bill",
      // The codes, each with its status and what it is based on.
      "98975 Initial Onboarding and Education Ready to Bill 11/08/2026 – 12/07/2026 11 days of data",
      "98977 Device and Data Transmission In Progress 11/08/2026 – 12/07/2026 11 days of data 11 of 16 active days — 5 more needed in the 11 days left",
      "98985 Device and Data Transmission, 2–15 Days Ready to Bill 11/08/2026 – 12/07/2026 11 days of data",
      "98979 Care Management, First 10 Minutes Ready to Bill 12/01/2026 – 12/31/2026 15 minutes 5 more minutes reach 98980 (20 minutes)",
      "98980 Care Management In Progress 12/01/2026 – 12/31/2026 15 minutes 15 of 20 minutes of care management",
      // The set-up.
      "First program assigned 11/08/2026 at 9:00 AM MST (the set-up: the start of monitoring and the patient's education on the program).",
      "Days of data in the interval: 11 (2 required), first on 11/08/2026.",
      // Issue 32: who each code is billed under, its modifiers, who billed it when; the consent the API does not record.
      "Claim lines Code Rendering practitioner NPI Credential Modifiers Billed on Billed by",
      "98975 Okafor, Maya 1234567893 PT GP not billed not billed",
      "Claim: Not billed · under Okafor, Maya (PT, NPI 1234567893) · GP.",
      "Consent: the patient's consent to remote monitoring is not recorded by the provider API",
      // The device interval and its days of data, with their dates (the organization's days).
      "Interval 11/08/2026 – 12/07/2026",
      "11 of 30 days with data, 11 days left — 98985 ready to bill",
      "16 days can still be reached: 98977 applies at 16 — 5 more in the 11 days left",
      // Times of day (issue 32), oldest first.
      "1 11/08/2026 Program session 9:00 AM MST, 10:30 PM MST",
      "2 11/09/2026 Program session 9:00 AM MST",
      "11 11/18/2026 Program session 9:00 AM MST",
      // The month's time entries: per note its date, minutes, timed or typed, its call, live or not, who entered it.
      "15 minutes, live interaction logged — 98979 ready to bill",
      "Date Minutes Entered Interaction Live interaction Entered by",
      "12/01/2026 10 Timed Video call, two-way Yes Okafor, Maya",
      "12/02/2026 4 (not counted) Typed Unsuccessful attempt (phone call) No de la Cruz, Ana María",
      "12/03/2026 5 Typed Patient interactive communication, method not recorded No —",
      "Live interactions",
      "Page 1 of",
    ])
      expect(flat).toContain(s);
    expect(flat).not.toContain("12 11/19/2026");
    // Only the two-way call is listed under the live interactions (after the section's heading): not the attempt, not
    // the older note whose method was not recorded (its flag alone does not count, ADR 033).
    const live = flat.slice(flat.lastIndexOf("Live interactions"));
    expect(live).toContain("12/01/2026 10 Timed Video call, two-way Okafor, Maya");
    expect(live).not.toContain("12/02/2026");
    expect(live).not.toContain("12/03/2026");
  });

  it("is a tagged PDF whose tables are real tables: a header row of TH, rows of TD (ADR 046, issue 32)", async () => {
    const pdf = await renderAuditPacketPdf({ packet: auditPacket(boundarySummary(), TZ, "2026-12-04"), organizationName: "Front Range Physical Therapy", logo: null });
    const elements = (await readStructure(pdf)).pages.flatMap(flatten);
    expect(elements.filter((e) => e.role === "H1").map((e) => e.text)).toEqual(["RTM Audit Packet"]);
    expect(elements.filter((e) => e.role === "H2").map((e) => e.text)).toContain("Claim lines");
    expect(elements.filter((e) => e.role === "H3").map((e) => e.text)).toContain("Interval 11/08/2026 – 12/07/2026");
    // Codes, claim lines, the interval's days, the month's entries, its live interactions.
    expect(elements.filter((e) => e.role === "Table")).toHaveLength(5);
    expect(elements).toContainEqual({ role: "TH", text: "Rendering practitioner" });
    expect(elements).toContainEqual({ role: "TR", text: "# Date Data" });
    expect(elements).toContainEqual({ role: "TH", text: "Entered by" });
    expect(elements).toContainEqual({ role: "TR", text: "12/01/2026 10 Timed Video call, two-way Yes Okafor, Maya" });
    expect(elements).toContainEqual({ role: "TD", text: "Okafor, Maya" });
    expect(elements.filter((e) => e.role === "P").map((e) => e.text)).not.toContain("Rendering practitioner");
  });

  it("keeps every cell of its tables within the page's width: long words and names wrap", async () => {
    const drawn: { x: number; width: number | undefined; pageWidth: number; right: number }[] = [];
    const text = PDFDocument.prototype.text;
    vi.spyOn(PDFDocument.prototype, "text").mockImplementation(function (this: PDFKit.PDFDocument, ...args: unknown[]) {
      const [, x, , options] = args as [string, number | undefined, number | undefined, { width?: number } | undefined];
      if (typeof x === "number") drawn.push({ x, width: options?.width, pageWidth: this.page.width, right: this.page.margins.right });
      return (text as (...a: unknown[]) => PDFKit.PDFDocument).apply(this, args);
    });
    const summary = boundarySummary();
    const long = { ...CRUZ, firstName: "Maximiliana-Bartholomea-Konstantinopolitanische", lastName: "Vanderbiltsworthingtonshire-Montgomery" };
    const month = summary.cycles.find((c) => c.billingCode === "98979")!;
    month.events = [...month.events, note("2026-12-04", 1440, { practitioner: long, liveInteraction: { method: "PHONE", twoWay: false } })];
    const pdf = await renderAuditPacketPdf({ packet: auditPacket(summary, TZ, "2026-12-04"), organizationName: "Front Range Physical Therapy", logo: null });
    expect(drawn.length).toBeGreaterThan(50);
    for (const d of drawn) {
      expect(d.width, "every text placed at a position wraps within a width").toBeDefined();
      expect(d.x + d.width!).toBeLessThanOrEqual(d.pageWidth - d.right + 0.01);
    }
    const flat = (await readPdf(pdf)).text.replace(/\s+/g, " ");
    expect(flat).toContain("12/04/2026 1440 Typed Phone call, one-way No");
  });

  it("counts the days of data as the API does: unique organization days of sessions and survey answers, nothing else", () => {
    const events: Event[] = [
      session("2026-11-09T05:30:00.000Z"),
      session("2026-11-08T16:00:00.000Z"),
      { id: id(), type: "PRO_RESPONSE", dateTime: "2026-11-08T18:00:00.000Z", minutes: null, patientInteractionType: null, ...NOT_A_NOTE },
      { id: id(), type: "SELF_REPORTED_HEP_SESSION", dateTime: "2026-11-10T18:00:00.000Z", minutes: null, patientInteractionType: null, ...NOT_A_NOTE },
      note("2026-11-11", 20, { liveInteraction: { method: "PHONE", twoWay: true } }),
      { id: id(), type: "INITIAL_HEP_ASSIGNMENT", dateTime: "2026-11-12T18:00:00.000Z", minutes: null, patientInteractionType: null, ...NOT_A_NOTE },
    ];
    expect(dataDays(events, TZ)).toEqual([
      { date: "11/08/2026", what: "Program session 9:00 AM MST, 10:30 PM MST; Survey response 11:00 AM MST" },
      { date: "11/10/2026", what: "Self-reported session 11:00 AM MST" },
    ]);
  });

  it("says what is missing: no set-up in the month, no live interaction, and 98981's units", () => {
    const month = { startDate: "2026-12-01", endDate: "2026-12-31", interactionMinutes: 40, liveInteraction: false, events: [note("2026-12-02", 40)] };
    const summary: RtmMonthlySummary = {
      ...boundarySummary(),
      cycles: [
        cycle({ code: "PATIENT_INTERACTION", billingCode: "98980", status: "IN_PROGRESS", ...month, needs: { text: "40 of 20 minutes of care management; no interactive communication logged yet", reachable: true } }),
        cycle({ code: "ADDITIONAL_PATIENT_INTERACTION", billingCode: "98981", status: "IN_PROGRESS", units: 2, ...month }),
      ],
    };
    const packet = auditPacket(summary, TZ, "2026-12-04");
    expect(packet.setup).toEqual(["No set-up (98975) ends in December 2026: it is billed once per episode of care, in the month the episode's first 30-day interval ends."]);
    expect(packet.intervals).toEqual([]);
    expect(packet.codes.map((c) => c.code)).toEqual(["98980", "98981 × 2"]);
    expect(packet.months).toMatchObject([{ period: "December 2026", facts: "40 minutes, no live interaction logged", code: "no code reached yet", live: [], liveInteraction: false, entries: [{ date: "12/02/2026", minutes: "40", entered: "Typed", interaction: "None (data review, messages, documentation)", live: false, by: "Okafor, Maya" }] }]);
  });

  it("names the file and the link by the month and the patient; a name in any script prints as it is", async () => {
    expect(auditPacketFileName("2026-12", { firstName: "Ana María", lastName: "de la Cruz" })).toBe("rtm-audit-2026-12-de-la-Cruz-Ana-María.pdf");
    expect(auditPacketHref("2026-12", PATIENT.id)).toBe(`/rtm-billing/months/2026-12/patients/${PATIENT.id}.pdf`);
    const summary = { ...boundarySummary(), patientRecord: { ...PATIENT, firstName: WORLD_NAMES.vietnamese, lastName: WORLD_NAMES.greek } };
    const { text } = await readPdf(await renderAuditPacketPdf({ packet: auditPacket(summary, TZ, "2026-12-04"), organizationName: WORLD_NAMES.polish, logo: null }));
    expect(text).toContain(`Patient: ${WORLD_NAMES.greek}, ${WORLD_NAMES.vietnamese}`);
    expect(text).toContain(WORLD_NAMES.polish);
  });
});
