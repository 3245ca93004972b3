/**
 * The Range of motion tab (000 §2.8): per exercise, its largest measured angle per day (one maximum record
 * per day; both sides of a sided exercise in one chart), as a chart drawn by the server with its data table.
 */
import { degrees } from "../rules/health-activity";
import type { RomSeries } from "../rules/rom";
import { ChartFigure } from "../../../islands/chart";
import type { ChartSpec, DrawnChart } from "../../../islands/chart-spec";

export interface RomChartSpec {
  exerciseId: string;
  title: string;
  spec: ChartSpec;
}

/** A ROM chart as the loader hands it to the view: drawn (drawChart). */
export interface RomChart {
  exerciseId: string;
  title: string;
  chart: DrawnChart;
}

/** One chart per exercise; a series per side. */
export function romCharts(series: readonly RomSeries[]): RomChartSpec[] {
  const byExercise = new Map<string, RomSeries[]>();
  for (const s of series) byExercise.set(s.exerciseId, [...(byExercise.get(s.exerciseId) ?? []), s]);
  return [...byExercise.entries()].map(([exerciseId, list]) => {
    const title = list[0]!.exerciseName;
    return {
      exerciseId,
      title,
      spec: {
        description: `Line chart of the maximum range of motion per day of ${title}, in degrees. The data table follows.`,
        yTitle: "degrees",
        series: list.map((s) => ({ name: s.side ?? "Max ROM", x: s.records.map((r) => r.day), y: s.records.map((r) => r.romMax) })),
      },
    };
  });
}

export function RomView({ charts }: { charts: RomChart[] }) {
  return (
    <div className="chart-grid">
      {charts.map((c) => (
        <ChartFigure key={c.exerciseId} title={c.title} chart={c.chart} format={degrees} />
      ))}
    </div>
  );
}
