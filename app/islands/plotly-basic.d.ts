/**
 * plotly.js's basic bundle (scatter, bar, pie) ships no types of its own (and @types/plotly.js describes the
 * whole library). Only what the portal uses is declared here: the four calls of plotly-react.client.tsx and the
 * trace and layout attributes of line-chart.client.tsx. Add an attribute here before using it.
 * The bundle is a UMD module (`module.exports = Plotly`): import its default export only.
 */
declare module "plotly.js-basic-dist-min" {
  /** A value on an axis: a day ('YYYY-MM-DD'), a category label or a number; null is a gap. */
  export type Datum = string | number | null;

  export type Dash = "solid" | "dot" | "dash" | "longdash" | "dashdot" | "longdashdot";

  export interface Font {
    color?: string;
    size?: number;
  }

  export interface LineStyle {
    color?: string;
    width?: number;
    dash?: Dash;
  }

  interface TraceBase {
    name?: string;
    x: readonly Datum[];
    y: readonly Datum[];
    hovertemplate?: string;
  }

  export interface ScatterTrace extends TraceBase {
    type: "scatter";
    mode?: "lines" | "markers" | "lines+markers";
    connectgaps?: boolean;
    line?: LineStyle;
    marker?: { size?: number; color?: string };
  }

  export interface BarTrace extends TraceBase {
    type: "bar";
    /** One colour for the series, or one per bar. */
    marker?: { color?: string | readonly string[] };
    texttemplate?: string;
    textposition?: "inside" | "outside" | "auto" | "none";
    cliponaxis?: boolean;
  }

  export type Data = ScatterTrace | BarTrace;

  export type AxisRef = "paper" | "x" | "y";

  export interface Shape {
    type: "line" | "rect";
    xref?: AxisRef;
    yref?: AxisRef;
    x0: Datum;
    x1: Datum;
    y0: Datum;
    y1: Datum;
    line?: LineStyle;
  }

  export interface Annotation {
    xref?: AxisRef;
    yref?: AxisRef;
    x: Datum;
    y: Datum;
    xanchor?: "auto" | "left" | "center" | "right";
    yanchor?: "auto" | "top" | "middle" | "bottom";
    text: string;
    showarrow?: boolean;
    font?: Font;
  }

  export interface Axis {
    type?: "-" | "linear" | "log" | "date" | "category";
    title?: { text?: string };
    tickformat?: string;
    tickangle?: number;
    range?: readonly [number, number];
    automargin?: boolean;
    zeroline?: boolean;
  }

  export interface Layout {
    autosize?: boolean;
    width?: number;
    height?: number;
    margin?: { l?: number; r?: number; t?: number; b?: number; pad?: number };
    xaxis?: Axis;
    yaxis?: Axis;
    showlegend?: boolean;
    legend?: { orientation?: "v" | "h"; x?: number; y?: number };
    shapes?: readonly Shape[];
    annotations?: readonly Annotation[];
    paper_bgcolor?: string;
    plot_bgcolor?: string;
  }

  export interface Config {
    displayModeBar?: boolean | "hover";
    /** Plotly's own window-resize handler. */
    responsive?: boolean;
  }

  interface PlotlyBasic {
    /** Draws a new plot in `root` (replacing what was there). */
    newPlot(root: HTMLElement, data: readonly Data[], layout?: Layout, config?: Config): Promise<HTMLElement>;
    /** Redraws `root` with a new figure, changing only what differs (a new plot if there is none). */
    react(root: HTMLElement, data: readonly Data[], layout?: Layout, config?: Config): Promise<HTMLElement>;
    /** Removes the plot, its event handlers and its data from `root`. */
    purge(root: HTMLElement): void;
    Plots: {
      /** Fits an autosized plot to its element's size again; rejects when the element is not displayed. */
      resize(root: HTMLElement): Promise<HTMLElement>;
    };
  }

  const Plotly: PlotlyBasic;
  export default Plotly;
}
