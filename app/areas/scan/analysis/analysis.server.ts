/**
 * The session analysis on the server (shared: the portal's sessions page and PDF route, and the admin area with
 * its own calls): the organization whose outcomes (risk rules) apply — the session's by default, another of the
 * caller's `sources` when `org=` picks it (002 §2: a user of another organization may use their own's) — loaded
 * with that source's call, then analysed (analysis.ts). A failed call: 'Could not load analysis data. {message}'.
 * The rule's warnings (002 §5) go to the log (ids and kinds only, no PHI), never to the screen.
 */
import type { ApiResult } from "../../../api/result";
import type { Schema } from "../../../api/schemas";
import type { ScanOutcome } from "../../../domain/fall-risk";
import { shownResults } from "../../../domain/scan-display";
import { formatInstantDay, formatTime } from "../../../domain/zoned-day";
import { log } from "../../../log.server";
import { analyseSession, analysisLoadFailedText, analysisPdfBody, NO_ORG_OUTCOMES, type AnalysisOutcome, type RenderPdfRequest } from "./analysis";

type ScanSession = Schema<"ScanSession">;

/** Where an organization's outcomes come from (the portal: GET /v2/scan/outcomes/risk-factors; the admin area: its own call). */
export interface OutcomeSource {
  id: string;
  name: string;
  load: () => Promise<ApiResult<ScanOutcome[]>>;
}

export interface AnalysisView {
  session: {
    sessionUUID: string;
    participantUid: string;
    date: string;
    time: string;
    assessmentId: string;
    assessmentName: string;
    practitioner: string | null;
    results: { id: string; name: string; value: string; units: string }[];
  };
  organizations: { id: string; name: string }[];
  /** The organization whose outcomes are used. */
  org: string;
  result: AnalysisOutcome | { kind: "error"; message: string; prompt: null };
}

/**
 * The organizations to choose from: the session's first, then the other sources (each once). `sources` lists
 * what the caller can load; the session's organization is used only when it is among them.
 */
export function chooseSource(session: Pick<ScanSession, "organization">, sources: readonly OutcomeSource[], requested: string | null): OutcomeSource | null {
  const wanted = requested?.toLowerCase();
  return sources.find((s) => s.id.toLowerCase() === wanted) ?? sources.find((s) => s.id === session.organization.id) ?? sources[0] ?? null;
}

export async function loadSessionAnalysis(opts: {
  session: ScanSession;
  sources: readonly OutcomeSource[];
  /** The dialog's params: org, age, sex. */
  params: URLSearchParams;
  assessmentName: string;
  timeZone: string;
  requestId?: string;
}): Promise<AnalysisView> {
  const { session, params, timeZone } = opts;
  const ordered = [...opts.sources].sort((a, b) => Number(b.id === session.organization.id) - Number(a.id === session.organization.id));
  const source = chooseSource(session, ordered, params.get("org"));
  const p = session.practitioner;
  const view: Omit<AnalysisView, "result"> = {
    session: {
      sessionUUID: session.sessionUUID,
      participantUid: session.participant.uid,
      date: formatInstantDay(session.createdDate, timeZone),
      time: formatTime(session.createdDate, timeZone),
      assessmentId: session.session.data.assessmentId,
      assessmentName: opts.assessmentName,
      practitioner: p ? `${p.firstName} ${p.lastName}`.trim() : null,
      results: shownResults(session.session.data.results),
    },
    organizations: ordered.map((s) => ({ id: s.id, name: s.name })),
    org: source?.id ?? session.organization.id,
  };
  if (!source) return { ...view, result: { kind: "message", message: NO_ORG_OUTCOMES, prompt: null } };
  const outcomes = await source.load();
  if (outcomes.error) return { ...view, result: { kind: "error", message: analysisLoadFailedText(outcomes.error.message), prompt: null } };
  const result = analyseSession(session, outcomes.data, { age: params.get("age"), sex: params.get("sex") });
  if (result.kind === "outcome" && result.warnings.length > 0) {
    for (const w of result.warnings) {
      log.warn("scan outcome rule warning", { event: "scan-risk-warning", kind: w.kind, assessmentId: result.outcome.assessmentId, organizationId: source.id, requestId: opts.requestId });
    }
  }
  return { ...view, result };
}

/** The PDF body of an analysis that has an outcome (else null: nothing to print). */
export function pdfBodyOf(view: AnalysisView, session: ScanSession): RenderPdfRequest | null {
  return view.result.kind === "outcome" ? analysisPdfBody(session, view.session.assessmentName, view.session.date, view.result) : null;
}
