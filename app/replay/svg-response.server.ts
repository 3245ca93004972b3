/** A frame image as an HTTP answer (the no-JS replay's `<img>`): SVG, never sniffed as anything else. */
export const svgResponse = (svg: string, cacheControl: string) =>
  new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff" } });
