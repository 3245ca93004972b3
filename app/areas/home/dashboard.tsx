/**
 * The dashboard's parts (000 §2.5): the scan-only welcome (with links to the Scan area: issue 12), the "Your Patients' Activity" cards, the first
 * steps for users without patients, the loading skeleton and the error message.
 */
import { Link } from "../../components/link";
import { ROUTES } from "../../shell/nav";
import { useReadOnly } from "../../shell/read-only";
import {
  activityCards,
  CARD_LIST_LIMIT,
  firstStepCards,
  hasPatients,
  patientName,
  rowDetail,
  rowTone,
  statusLabel,
  type ActivityCard,
  type DashboardUser,
  type PatientRow,
  type ProviderActionsLike,
} from "./rules";

export const SCAN_ONLY_MESSAGE = "Complete Scan assessments in the app.";
export const ACTIVITY_HEADING = "Your Patients' Activity";
export const DASHBOARD_LOAD_FAILED = "We could not load your patients' activity.";

export function ScanOnlyWelcome() {
  return (
    <div className="welcome">
      <p className="welcome-lead">Welcome to the Exer Provider Portal.</p>
      <p>{SCAN_ONLY_MESSAGE}</p>
      <nav className="welcome-links" aria-label="Scan">
        <Link className="button primary" to={ROUTES.scanSessions}>
          Scan Sessions
        </Link>
        <Link className="button" to={ROUTES.scanReports}>
          Scan Reports
        </Link>
      </nav>
    </div>
  );
}

export function DashboardActions({ actions, viewer, timeZone }: { actions: ProviderActionsLike; viewer: DashboardUser; timeZone: string }) {
  if (!hasPatients(actions)) return <FirstSteps viewer={viewer} />;
  return (
    <section className="activity" aria-labelledby="activity-heading">
      <h2 id="activity-heading">{ACTIVITY_HEADING}</h2>
      <div className="card-grid">
        {activityCards(viewer).map((card) => (
          <ActivityCardView key={card.key} card={card} rows={actions[card.key] ?? []} timeZone={timeZone} />
        ))}
      </div>
    </section>
  );
}

function ActivityCardView({ card, rows, timeZone }: { card: ActivityCard; rows: PatientRow[]; timeZone: string }) {
  const headingId = `card-${card.key}`;
  return (
    <section className="card activity-card" aria-labelledby={headingId}>
      <header className="card-header">
        <h3 id={headingId}>
          {card.title} <span className="card-count">({rows.length >= CARD_LIST_LIMIT ? `${CARD_LIST_LIMIT}+` : rows.length})</span>
        </h3>
        <p className="card-description">{card.description}</p>
        {card.link ? (
          <Link to={card.link.href} className="card-link">
            {card.link.label}
          </Link>
        ) : null}
      </header>
      {rows.length === 0 ? (
        <p className="card-empty">No patients.</p>
      ) : (
        <ul className="patient-rows">
          {rows.map((row) => {
            const tone = rowTone(row.status);
            const detail = rowDetail(row, timeZone);
            return (
              <li key={row.id} className={`patient-row tone-${tone}`}>
                <Link to={ROUTES.patient(row.id)} className="patient-row-link">
                  <span className="patient-name">{patientName(row)}</span>
                  {detail ? <span className="patient-detail">{detail}</span> : null}
                  <span className={`status-badge tone-${tone}`}>{statusLabel(row.status)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {rows.length >= CARD_LIST_LIMIT ? <p className="card-more">Showing the first {CARD_LIST_LIMIT} patients.</p> : null}
    </section>
  );
}

function FirstSteps({ viewer }: { viewer: DashboardUser }) {
  const cards = firstStepCards({ ...viewer, readOnly: useReadOnly() });
  return (
    <section className="first-steps" aria-labelledby="first-steps-heading">
      <h2 id="first-steps-heading">Get Started</h2>
      {cards.length === 0 ? (
        <p>Your organization has no patients yet.</p>
      ) : (
        <ul className="card-grid first-step-grid">
          {cards.map((card) => (
            <li key={card.key} className="card first-step-card">
              <h3>{card.title}</h3>
              <p>{card.description}</p>
              <Link to={card.href} className="button primary">
                {card.action}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DashboardSkeleton() {
  return (
    <div className="dashboard-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">Loading your patients' activity…</span>
      <div className="skeleton skeleton-heading" aria-hidden="true" />
      <div className="card-grid" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card skeleton-card">
            <div className="skeleton skeleton-title" />
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line short" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function DashboardError({ message }: { message: string | null }) {
  return (
    <div className="notice notice-error dashboard-error" role="alert">
      <p>{DASHBOARD_LOAD_FAILED}</p>
      {message ? <p>{message}</p> : null}
      <p>
        <a href="/home/">Reload the dashboard</a>
      </p>
    </div>
  );
}
