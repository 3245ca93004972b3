/**
 * The Surveys tab (000 §2.8): each chartable PRO question as a chart (drawn by the server) (y range from the question,
 * default 0 to 10; labelled Pain Level / Strength Level for the default prompts) with its data table, then
 * the answers of questions that are not charted.
 */
import type { ProAnswerRow, ProChart } from "../rules/pro";
import { ChartFigure } from "../../../islands/chart";
import type { ChartSpec, DrawnChart } from "../../../islands/chart-spec";
import { tableWrap } from "../../../components/table-wrap";

/** A PRO chart as the loader hands it to the view: drawn (drawChart). */
export type DrawnProChart = ProChart & { chart: DrawnChart };

export const proChartSpec = (c: ProChart): ChartSpec => ({
  description: `Line chart of the answers to '${c.prompt}' per day, on a scale from ${c.yRange[0]} to ${c.yRange[1]}. The data table follows.`,
  yTitle: c.label,
  yRange: c.yRange,
  series: [{ name: c.label, x: c.points.map((p) => p.day), y: c.points.map((p) => p.value) }],
});

export function SurveysView({ charts, answers }: { charts: DrawnProChart[]; answers: ProAnswerRow[] }) {
  return (
    <div className="surveys">
      <div className="chart-grid">
        {charts.map((c) => (
          <ChartFigure key={c.id} title={c.label} chart={c.chart}>
            {c.label !== c.prompt ? <p className="chart-prompt">{c.prompt}</p> : null}
          </ChartFigure>
        ))}
      </div>
      {answers.length > 0 ? (
        <section className="pro-answers" aria-labelledby="pro-answers-title">
          <h3 id="pro-answers-title">Other answers</h3>
          <div {...tableWrap({ labelledBy: "pro-answers-title" })}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Question</th>
                  <th scope="col">Answer</th>
                </tr>
              </thead>
              <tbody>
                {answers.map((a) => (
                  <tr key={a.id}>
                    <td>{a.day}</td>
                    <td>{a.label}</td>
                    <td>{a.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
