/** plotly.js's basic bundle (scatter, bar, pie) ships no types of its own; react-plotly.js only needs an object. */
declare module "plotly.js-basic-dist-min" {
  const Plotly: object;
  export default Plotly;
}
