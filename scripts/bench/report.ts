/**
 * Benchmark of the patient report the portal renders (issue 15, ADR 014): the report data of a typical
 * patient (five exercises incl. both sides of one, sessions on about two days in three, pain and strength twice
 * a week — app/areas/patients/report/report-fixture.ts) shaped, charted (ECharts SVG) and laid out (pdfkit),
 * for 30 and 90 days: time per report (p50/p95 over BENCH_RUNS runs after a warm-up), size and pages. The
 * API's share (GET activity-report, the programs, the logo) is not in these figures: it is measured with
 * the portal's routes (bench:portal).
 *
 *   npm run bench:report
 *
 * Options: BENCH_RUNS (default 10).
 */
import { percentile } from "./lib/stats.js";
import { fmt, machineLine, markdownTable, type Cell } from "./lib/table.js";

// The renderer is app code (bundler-style imports without extensions): loaded by tsx at run time, not followed
// by this project's type check (node16 resolution), with the few types the benchmark needs.
interface Model {
  exercises: { empty: boolean }[];
  pros: { empty: boolean }[];
}
interface Fixture {
  meta: { minDate: string; dayCount: number };
}
const REPORT_DIR = "../../app/areas/patients/report/";
const { reportModel } = (await import(`${REPORT_DIR}report-data.ts`)) as { reportModel: (r: Fixture, tz: string, goals: unknown[]) => Model };
const { FIXTURE_GOALS, reportFixture } = (await import(`${REPORT_DIR}report-fixture.ts`)) as { FIXTURE_GOALS: unknown[]; reportFixture: (days: number) => Fixture };
const { renderPatientReportPdf } = (await import(`${REPORT_DIR}report-pdf.server.ts`)) as {
  renderPatientReportPdf: (input: { model: Model; period: Fixture["meta"]; logo: Uint8Array | null }) => Promise<Buffer>;
};

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 10));
const TZ = "America/Denver";
// A 250×140-like PNG stands in for the print logo (the size the portal's logo pipeline produces).
const LOGO = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function renderOnce(days: number) {
  const report = reportFixture(days);
  const started = performance.now();
  const model = reportModel(report, TZ, FIXTURE_GOALS);
  const pdf = await renderPatientReportPdf({ model, period: report.meta, logo: LOGO });
  return { ms: performance.now() - started, bytes: pdf.length, pages: (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length, charts: model.exercises.filter((e) => !e.empty).length + model.pros.filter((p) => !p.empty).length };
}

const rows: Cell[][] = [];
for (const days of [30, 90]) {
  await renderOnce(days); // warm-up (module load, font metrics, JIT)
  const times: number[] = [];
  let last = await renderOnce(days);
  for (let i = 0; i < runs; i++) {
    last = await renderOnce(days);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  rows.push([`${days} days`, runs, fmt(percentile(times, 50)), fmt(percentile(times, 95)), last.charts, last.pages, fmt(last.bytes / 1024)]);
}

console.log(machineLine());
console.log(markdownTable(["report", "runs", "p50 ms", "p95 ms", "charts", "pages", "KB"], rows, ["l", "r", "r", "r", "r", "r", "r"]));
