/**
 * A patient-detail section as the route loaded it: its heading, its streamed content (a skeleton until the
 * call answers; the spec's message when it failed) and its dialogs (from the URL's `dialog` parameter).
 */
import type { SubmissionResult } from "@conform-to/react";
import { Await, useRouteLoaderData, useSearchParams } from "react-router";
import { Suspense, type ReactNode } from "react";
import type { Loaded } from "./patient-sections.server";
import type { CareNote } from "../rules/care-note";
import type { GaitProgress, GaitSession } from "../rules/gait";
import type { SessionDay } from "../rules/health-activity";
import type { ProAnswerRow } from "../rules/pro";
import type { GaitChart } from "./gait";
import type { RomChart } from "./rom";
import { dialogOf } from "./section-urls";
import type { StoppedCareTimer } from "../../../api/care-timer.server";
import { TIMER_PARAM } from "../detail/care-timer-intents";
import { PRODUCT_ROUTE_ID } from "../detail/route-data";
import { EMPTY, EmptyState, SectionError, SectionSkeleton } from "./states";
import type { DrawnProChart } from "./surveys";
import { lazyPart } from "../../../components/lazy-part";

// Each section's view loads after the page is interactive (ADR 038, "the exceptions brought to their targets"): the
// server renders it, and React keeps that HTML (links, the pager's links and Go to page form, the charts' SVG and data
// tables) until its code has come; a client navigation to another section shows the section's skeleton meanwhile.
// A page loads only its own section's view, not the five others'.
const HealthActivity = lazyPart(() => import("./health-activity").then((m) => ({ default: m.HealthActivity })));
const RomView = lazyPart(() => import("./rom").then((m) => ({ default: m.RomView })));
const SurveysView = lazyPart(() => import("./surveys").then((m) => ({ default: m.SurveysView })));
const CareNotesView = lazyPart(() => import("./care-notes").then((m) => ({ default: m.CareNotesView })));
const GaitAssessment = lazyPart(() => import("./gait").then((m) => ({ default: m.GaitAssessment })));
const GaitProgressView = lazyPart(() => import("./gait").then((m) => ({ default: m.GaitProgressView })));
const OlderDataOnly = lazyPart(() => import("./gait").then((m) => ({ default: m.OlderDataOnly })));
// The sections' dialogs load with the first one opened (ADR 038): a tab carries none of their forms' code (conform,
// the fields) before it is interactive. A dialog in the URL of the first page is rendered by the server as before and
// hydrates once its code has come.
const CareNoteDialog = lazyPart(() => import("./care-note-dialogs").then((m) => ({ default: m.CareNoteDialog })));
const CareNoteDeleteDialog = lazyPart(() => import("./care-note-dialogs").then((m) => ({ default: m.CareNoteDeleteDialog })));
const MissingNoteDialog = lazyPart(() => import("./care-note-dialogs").then((m) => ({ default: m.MissingNoteDialog })));
const CommentDialog = lazyPart(() => import("./gait-comment-dialogs").then((m) => ({ default: m.CommentDialog })));
const CommentDeleteDialog = lazyPart(() => import("./gait-comment-dialogs").then((m) => ({ default: m.CommentDeleteDialog })));
const MissingSessionDialog = lazyPart(() => import("./gait-comment-dialogs").then((m) => ({ default: m.MissingSessionDialog })));

/** What the section's action answers when it does not redirect: a form's result, or a refusal's messages. */
export interface SectionActionData {
  intent: string;
  result?: SubmissionResult<string[]>;
  errors?: string[];
}

type View =
  | { section: "activity"; hasSessions: boolean; content: Promise<Loaded<{ days: SessionDay[] }>> }
  | { section: "rom"; hasSessions: boolean; content: Promise<Loaded<{ charts: RomChart[]; sessionCount: number }>> }
  | { section: "pro"; content: Promise<Loaded<{ charts: DrawnProChart[]; answers: ProAnswerRow[]; anyData: boolean }>> }
  | { section: "care"; content: Promise<Loaded<{ notes: CareNote[]; inRange: CareNote[] }>> }
  | { section: "gait-activity"; hasSessions: boolean; content: Promise<Loaded<{ sessions: GaitSession[] }>> }
  | { section: "gait-progress"; hasSessions: boolean; content: Promise<Loaded<{ chartable: boolean; progress: GaitProgress; charts: GaitChart[]; sessionCount: number }>> };

export interface SectionData {
  timeZone: string;
  today: string;
  view: View;
}

const TITLES: Record<View["section"], string> = {
  activity: "Activity",
  rom: "Range of motion",
  pro: "Surveys",
  care: "Care Management",
  "gait-activity": "Assessment",
  "gait-progress": "Progress charts",
};

export function PatientSectionView({ loaded, actionData }: { loaded: SectionData; actionData: SectionActionData | null }) {
  const { view, timeZone, today } = loaded;
  // The caller's stopped care timers (the product route's care timer call): the Add Care Note dialog's timed minutes.
  const product = useRouteLoaderData(PRODUCT_ROUTE_ID) as { timer?: { stopped?: StoppedCareTimer[] } | null } | undefined;
  const stopped = product?.timer?.stopped;
  const [searchParams] = useSearchParams();
  const dialog = dialogOf(searchParams);
  const title = TITLES[view.section];
  const label = `Loading ${title.toLowerCase()}…`;
  const formResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const errorsOf = (intent: string) => (actionData?.intent === intent ? actionData.errors : undefined);

  let body: ReactNode;
  switch (view.section) {
    case "activity":
      body = (
        <Streamed label={label} content={view.content}>
          {({ days }) => (days.length === 0 ? <EmptyState>{view.hasSessions ? EMPTY.noDataInRange : EMPTY.noSessions}</EmptyState> : <HealthActivity days={days} />)}
        </Streamed>
      );
      break;
    case "rom":
      body = (
        <Streamed label={label} content={view.content}>
          {({ charts, sessionCount }) =>
            charts.length > 0 ? <RomView charts={charts} /> : <EmptyState>{!view.hasSessions ? EMPTY.noSessions : sessionCount === 0 ? EMPTY.noDataInRange : EMPTY.noRom}</EmptyState>
          }
        </Streamed>
      );
      break;
    case "pro":
      body = (
        <Streamed label={label} content={view.content}>
          {({ charts, answers, anyData }) =>
            charts.length > 0 || answers.length > 0 ? <SurveysView charts={charts} answers={answers} /> : <EmptyState>{anyData ? EMPTY.noProInRange : EMPTY.noPro}</EmptyState>
          }
        </Streamed>
      );
      break;
    case "care": {
      const noteId = searchParams.get("note");
      const noteDialog = dialog === "care-note-edit" || dialog === "care-note-delete";
      body = (
        <>
          <Streamed label={label} content={view.content}>
            {({ notes, inRange }) => {
              const note = notes.find((n) => n.id === noteId);
              return (
                <>
                  <CareNotesView notes={inRange} totalNotes={notes.length} />
                  <Suspense fallback={null}>
                    {!noteDialog ? null : !note ? (
                      <MissingNoteDialog />
                    ) : dialog === "care-note-edit" ? (
                      <CareNoteDialog key={note.id} note={note} today={today} lastResult={formResult("care-note-update")} />
                    ) : (
                      <CareNoteDeleteDialog note={note} errors={errorsOf("care-note-delete")} />
                    )}
                  </Suspense>
                </>
              );
            }}
          </Streamed>
          {/* The add dialog needs no data: it opens at once. */}
          {dialog === "care-note-new" ? (
            <Suspense fallback={null}>
              <CareNoteDialog today={today} lastResult={formResult("care-note-create")} timed={stoppedTimerOf(searchParams, stopped)} timeZone={timeZone} />
            </Suspense>
          ) : null}
        </>
      );
      break;
    }
    case "gait-activity": {
      const sessionId = searchParams.get("session");
      const commentDialog = dialog === "comment" || dialog === "comment-edit" || dialog === "comment-delete";
      body = (
        <Streamed label={label} content={view.content}>
          {({ sessions }) => {
            const session = sessions.find((s) => s.id === sessionId);
            return (
              <>
                {sessions.length === 0 ? <EmptyState>{view.hasSessions ? EMPTY.noDataInRange : EMPTY.noGaitSessions}</EmptyState> : <GaitAssessment sessions={sessions} timeZone={timeZone} />}
                <Suspense fallback={null}>
                  {!commentDialog ? null : !session ? (
                    <MissingSessionDialog />
                  ) : dialog === "comment-delete" ? (
                    <CommentDeleteDialog session={session} timeZone={timeZone} errors={errorsOf("comment-delete")} />
                  ) : (
                    <CommentDialog key={`${session.id}-${dialog}`} session={session} timeZone={timeZone} edit={dialog === "comment-edit"} lastResult={formResult("comment-save")} />
                  )}
                </Suspense>
              </>
            );
          }}
        </Streamed>
      );
      break;
    }
    case "gait-progress":
      body = (
        <Streamed label={label} content={view.content}>
          {({ chartable, progress, charts, sessionCount }) =>
            sessionCount === 0 ? (
              <EmptyState>{view.hasSessions ? EMPTY.noDataInRange : EMPTY.noGaitSessions}</EmptyState>
            ) : chartable ? (
              <GaitProgressView progress={progress} charts={charts} />
            ) : (
              <OlderDataOnly />
            )
          }
        </Streamed>
      );
      break;
  }

  return (
    <section className="patient-section-body" aria-labelledby="section-title">
      <h2 id="section-title" className="visually-hidden">
        {title}
      </h2>
      {body}
    </section>
  );
}

/** The content once its call answered; a failed call shows its message. */
function Streamed<T>({ label, content, children }: { label: string; content: Promise<Loaded<T>>; children: (data: T) => ReactNode }) {
  return (
    <Suspense fallback={<SectionSkeleton label={label} />}>
      <Await resolve={content} errorElement={<SectionError message={SECTION_LOAD_FAILED} />}>
        {(result) => (result.error !== undefined ? <SectionError message={result.error} /> : children(result.data as T))}
      </Await>
    </Suspense>
  );
}

/**
 * The stopped care timer the Add Care Note dialog takes its minutes from (`?timer={id}`, care-timer-action.server.ts):
 * the API's record the id names among the caller's stopped timers (the product route's), else none — the URL never
 * carries minutes (issue 32: `?timed=45` is no timer, and the note is Typed).
 */
export function stoppedTimerOf(searchParams: URLSearchParams, stopped: readonly StoppedCareTimer[] | undefined): StoppedCareTimer | undefined {
  const id = searchParams.get(TIMER_PARAM);
  return id ? stopped?.find((t) => t.id === id) : undefined;
}

export const SECTION_LOAD_FAILED = "This section could not be loaded.";
