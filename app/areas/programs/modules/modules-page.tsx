/**
 * Modules (001 §2.5): static sample content — the current modules (Mobility, Hip-Spine Instability, Hand/Wrist
 * Eval) and the Assessments list of expandable cards (native disclosures: they open without JavaScript).
 */
import { CURRENT_MODULES, SAMPLE_ASSESSMENTS } from "./sample-modules";

export function ModulesPage() {
  return (
    <section className="modules programs-page" aria-labelledby="modules-title">
      <h1 id="modules-title">Modules</h1>
      <p className="page-intro">Sample modules and their assessments. The content is sample content.</p>
      <section aria-labelledby="current-modules-title">
        <h2 id="current-modules-title">Current Modules</h2>
        <ul className="module-grid">
          {CURRENT_MODULES.map((m) => (
            <li key={m.id}>
              <article className="module-card" aria-labelledby={`module-${m.id}`}>
                <h3 id={`module-${m.id}`}>{m.name}</h3>
                <p>{m.description}</p>
                <p className="module-assessments">
                  <span className="module-assessments-label">Assessments:</span> {m.assessments.join(", ")}
                </p>
              </article>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="assessments-title">
        <h2 id="assessments-title">Assessments</h2>
        <ul className="assessment-list">
          {SAMPLE_ASSESSMENTS.map((a) => (
            <li key={a.id}>
              <details className="assessment-card">
                <summary>
                  <span className="assessment-name">{a.name}</span>
                  <span className="assessment-summary">{a.summary}</span>
                </summary>
                <dl className="assessment-details">
                  <dt>Measures</dt>
                  <dd>{a.measures}</dd>
                  <dt>How it is done</dt>
                  <dd>{a.instructions}</dd>
                  <dt>Modules</dt>
                  <dd>{CURRENT_MODULES.filter((m) => m.assessments.includes(a.name)).map((m) => m.name).join(", ") || "—"}</dd>
                </dl>
              </details>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
