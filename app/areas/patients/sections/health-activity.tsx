/**
 * The Health activity tab (000 §2.8): sessions grouped by day, newest first; each session with its program,
 * time, self-reported mark and completion badge, and a table of its sets (exercise, side, goal, result,
 * range of motion, result status). A long history is virtualized (@tanstack/react-virtual, virtual-days.tsx) once
 * JavaScript runs and the page has loaded; without it (and in the server's HTML, and until then) it is paged by days
 * with the shared pager (plain links).
 */
import { useLocation } from "react-router";
import { goalText, pageParam, resultStatusLabel, resultText, romText, sideLabel, type SessionDay, type SessionView } from "../rules/health-activity";
import { setProgress } from "../rules/session-progress";
import { Suspense } from "react";
import { useAfterLoad } from "../../../components/use-after-load";
import { withParams } from "../../../shell/dialog-url";
import { tableWrap } from "../../../components/table-wrap";
import { EmptyList, isPastEnd, Pager } from "../../../components/pager";
import { pageOfList } from "../../../domain/paging";
import { lazyPart } from "../../../components/lazy-part";

const loadVirtualDays = () => import("./virtual-days");
const VirtualDays = lazyPart(() => loadVirtualDays().then((m) => ({ default: m.VirtualDays })));

/** Days per page of the paged history. */
export const DAYS_PAGE_SIZE = 5;

/** The page of the paged history is the URL's (`?page=`). */
export function HealthActivity({ days }: { days: SessionDay[] }) {
  const page = pageParam(new URLSearchParams(useLocation().search));
  // The virtualized list after hydration and the page's load event (use-after-load.ts): the paged list until then.
  const virtual = useAfterLoad(loadVirtualDays) !== null;
  const count = days.reduce((n, d) => n + d.sessions.length, 0);
  return (
    <div className="health-activity">
      <p className="section-summary">
        {count} {count === 1 ? "session" : "sessions"} on {days.length} {days.length === 1 ? "day" : "days"}
      </p>
      {virtual ? (
        <Suspense fallback={<PagedDays days={days} page={page} />}>
          <VirtualDays days={days} />
        </Suspense>
      ) : (
        <PagedDays days={days} page={page} />
      )}
    </div>
  );
}

function PagedDays({ days, page }: { days: SessionDay[]; page: number }) {
  const location = useLocation();
  const paged = pageOfList(days, page, DAYS_PAGE_SIZE);
  const pager = {
    page: paged.page,
    metadata: paged.metadata,
    hrefFor: (n: number) => withParams(location, { page: n > 1 ? String(n) : null }),
    noun: ["day", "days"] as [string, string],
    label: "Session history pages",
    previousText: "Newer sessions",
    nextText: "Older sessions",
  };
  // A page past the end says so, as every paged list does (domain/paging.ts), not the last page in disguise.
  if (isPastEnd(paged.page, paged.metadata)) return <EmptyList {...pager}>{null}</EmptyList>;
  return (
    <>
      <div className="session-days">
        {paged.items.map((day) => (
          <DayGroup key={day.day} day={day} />
        ))}
      </div>
      {paged.metadata.totalPages > 1 ? <Pager {...pager} /> : null}
    </>
  );
}

/** One day's sessions (a row of the paged list and of the virtualized one, virtual-days.tsx). */
export function DayGroup({ day }: { day: SessionDay }) {
  const headingId = `day-${day.day}`;
  return (
    <section className="session-day" aria-labelledby={headingId}>
      <h3 id={headingId} className="session-day-title">
        {day.label}
      </h3>
      <ul className="session-list">
        {day.sessions.map((s) => (
          <li key={s.session.id}>
            <SessionCard view={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SessionCard({ view }: { view: SessionView }) {
  const { session } = view;
  const titleId = `session-${session.id}`;
  return (
    <article className="session-card" aria-labelledby={titleId}>
      <header className="session-head">
        <h4 id={titleId}>{view.title}</h4>
        <span className="session-time">{view.time}</span>
        {session.isSelfReported ? <span className="tag">Self-reported</span> : null}
        <span className={`badge tone-${view.tone}`}>{view.progress}% complete</span>
      </header>
      {session.sets.length === 0 ? (
        <p className="muted">No sets recorded.</p>
      ) : (
        <div {...tableWrap(`Sets of ${view.title} at ${view.time}`)}>
          <table className="data-table stacked-table sets-table">
            <caption className="visually-hidden">
              Sets of {view.title} at {view.time}
            </caption>
            <thead>
              <tr>
                <th scope="col">Exercise</th>
                <th scope="col">Side</th>
                <th scope="col">Goal</th>
                <th scope="col">Result</th>
                <th scope="col">Range of motion</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {session.sets.map((set, i) => (
                <tr key={i}>
                  <th scope="row">{set.exerciseName}</th>
                  <td data-label="Side">{sideLabel(set.sideOfBody) ?? "—"}</td>
                  <td data-label="Goal">{goalText(set.setGoal)}</td>
                  <td data-label="Result">
                    {resultText(set.setInfo)} <span className="muted">({setProgress(set)}%)</span>
                  </td>
                  <td data-label="Range of motion">{romText(set.setInfo) ?? "—"}</td>
                  <td data-label="Status">
                    <span className={`status status-${set.setInfo.resultStatus.toLowerCase().replaceAll("_", "-")}`}>{resultStatusLabel(set.setInfo.resultStatus)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
