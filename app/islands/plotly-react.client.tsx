/**
 * A plot of plotly.js's basic bundle as a React component (browser only: imported by line-chart.client.tsx,
 * which chart.tsx loads with React.lazy). Our replacement for react-plotly.js, with what the charts use:
 * - on mount `Plotly.newPlot` into the component's div; when `data`, `layout` or `config` change (a new object:
 *   pass new ones to redraw) `Plotly.react`; on unmount `Plotly.purge`. The calls run one after the other, as
 *   Plotly's promises resolve, and none runs once the component is gone;
 * - the plot follows its element's size: a ResizeObserver calls `Plotly.Plots.resize` (once on mount too, as
 *   react-plotly.js's `useResizeHandler` did), for autosized layouts (`autosize: true`, no fixed width);
 * - Plotly's own CSS goes into the nonce'd, empty `<style id="plotly.js-style-global">` the document head carries
 *   (app/root.tsx): Plotly finds it and adds its rules through the CSSOM, so the CSP needs no 'unsafe-inline'
 *   (ADR 024 §13). Rich text in labels (`<b>`, `<i>`, `<span style>`) would become style attributes, which the CSP
 *   refuses: the charts pass plain text;
 * - errors are swallowed (react-plotly.js without `onError` did the same): a plot that could not be drawn
 *   leaves the chart's data table, which the page always renders.
 */
import Plotly, { type Config, type Data, type Layout } from "plotly.js-basic-dist-min";
import { useEffect, useRef } from "react";

export interface PlotProps {
  data: readonly Data[];
  layout?: Layout;
  config?: Config;
  /** The div's class: give it the plot's size in CSS (width 100%, the layout's height); no inline styles (CSP). */
  className?: string;
}

/** The plot drawn in one div, from newPlot to purge. */
interface Drawing {
  /** The last Plotly call (resolved or not); the next one waits for it. */
  queue: Promise<unknown>;
  drawn: boolean;
  /** False once the plot is purged: calls still queued are skipped. */
  live: boolean;
}

const ignore = () => {};

export function Plot({ data, layout, config, className }: PlotProps) {
  const divRef = useRef<HTMLDivElement>(null);
  const drawing = useRef<Drawing | null>(null);

  // Draw (newPlot the first time, react after that) whenever the figure changes. Declared before the effect
  // below, so after StrictMode's mount–unmount–mount (which purges) the plot is drawn again from scratch.
  useEffect(() => {
    const div = divRef.current;
    if (!div) return;
    drawing.current ??= { queue: Promise.resolve(), drawn: false, live: true };
    const d = drawing.current;
    d.queue = d.queue
      .then(() => {
        if (!d.live) return;
        const first = !d.drawn;
        d.drawn = true;
        return first ? Plotly.newPlot(div, data, layout, config) : Plotly.react(div, data, layout, config);
      })
      .catch(ignore);
  }, [data, layout, config]);

  // Follow the element's size while mounted; purge the plot on unmount.
  useEffect(() => {
    const div = divRef.current;
    if (!div) return;
    const observer = new ResizeObserver(() => {
      // Rejects when the div is not displayed (a closed tab or dialog): nothing to fit then.
      if (drawing.current?.drawn && div.isConnected) Plotly.Plots.resize(div).catch(ignore);
    });
    observer.observe(div);
    return () => {
      observer.disconnect();
      if (drawing.current) drawing.current.live = false;
      drawing.current = null;
      Plotly.purge(div);
    };
  }, []);

  return <div ref={divRef} className={className} />;
}
