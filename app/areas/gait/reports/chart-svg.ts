/**
 * The gait report's bar chart as an SVG document, drawn from the same bars as the Plotly island: the server turns
 * it into the PNG download (works without JavaScript). Pure string building; every text is XML-escaped.
 */
import { GAIT_SPEED_THRESHOLD, shareBelow, shareLabel, type GaitBar } from "./report";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const BAR = "#1f5fa8";
const BAR_BELOW = "#b54708";
const LINE = "#b3261e";

/** A 'nice' axis top: the next step of 0.2 m/s above the data and the threshold. */
export function axisTop(bars: readonly GaitBar[]): number {
  const max = Math.max(GAIT_SPEED_THRESHOLD, ...bars.map((b) => b.speed));
  return Math.ceil((max * 1.1) / 0.2) * 0.2;
}

export function gaitChartSvg(bars: readonly GaitBar[], title: string): string {
  const width = Math.max(900, 120 + bars.length * 48);
  const height = 560;
  // Room on the left for the first rotated subject label, on the right for the reference line's label.
  const m = { left: 150, right: 80, top: 90, bottom: 190 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const top = axisTop(bars);
  const y = (v: number) => m.top + plotH - (v / top) * plotH;
  const slot = bars.length ? plotW / bars.length : plotW;
  const barW = Math.min(60, slot * 0.7);
  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<text x="${m.left}" y="28" font-family="DejaVu Sans, sans-serif" font-size="18" font-weight="bold" fill="#111111">${esc(title)}</text>`);
  parts.push(`<text x="${m.left}" y="50" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#444444">${esc(shareLabel(shareBelow(bars)))}</text>`);
  // Y axis with ticks every 0.2 m/s.
  for (let t = 0; t <= top + 1e-9; t += 0.2) {
    const ty = y(t).toFixed(1);
    parts.push(`<line x1="${m.left}" x2="${width - m.right}" y1="${ty}" y2="${ty}" stroke="#e3e6eb" stroke-width="1"/>`);
    parts.push(`<text x="${m.left - 8}" y="${ty}" dy="4" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="11" fill="#444444">${t.toFixed(1)}</text>`);
  }
  parts.push(`<text transform="translate(${m.left - 52} ${m.top + plotH / 2}) rotate(-90)" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#444444">Gait speed (m/s)</text>`);
  bars.forEach((b, i) => {
    const cx = m.left + slot * i + slot / 2;
    const by = y(b.speed);
    parts.push(`<rect x="${(cx - barW / 2).toFixed(1)}" y="${by.toFixed(1)}" width="${barW.toFixed(1)}" height="${(m.top + plotH - by).toFixed(1)}" fill="${b.below ? BAR_BELOW : BAR}"/>`);
    parts.push(`<text x="${cx.toFixed(1)}" y="${(by - 4).toFixed(1)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="10" fill="#111111">${b.speed.toFixed(2)}</text>`);
    parts.push(
      `<text transform="translate(${cx.toFixed(1)} ${m.top + plotH + 12}) rotate(-40)" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="11" fill="#111111">${esc(b.subject)}</text>`,
    );
  });
  parts.push(`<line x1="${m.left}" x2="${width - m.right}" y1="${m.top + plotH}" y2="${m.top + plotH}" stroke="#444444" stroke-width="1"/>`);
  const ly = y(GAIT_SPEED_THRESHOLD).toFixed(1);
  parts.push(`<line x1="${m.left}" x2="${width - m.right}" y1="${ly}" y2="${ly}" stroke="${LINE}" stroke-width="2" stroke-dasharray="8 5"/>`);
  parts.push(`<text x="${width - m.right + 6}" y="${ly}" dy="4" font-family="DejaVu Sans, sans-serif" font-size="12" fill="${LINE}">${GAIT_SPEED_THRESHOLD} m/s</text>`);
  // Legend: the two bar colours.
  const legend = (x: number, colour: string, text: string) =>
    `<rect x="${x}" y="62" width="12" height="12" fill="${colour}"/><text x="${x + 18}" y="72" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#444444">${esc(text)}</text>`;
  parts.push(legend(m.left, BAR_BELOW, `Below ${GAIT_SPEED_THRESHOLD} m/s`), legend(m.left + 150, BAR, `${GAIT_SPEED_THRESHOLD} m/s or more`));
  if (!bars.length) parts.push(`<text x="${width / 2}" y="${m.top + plotH / 2}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="14" fill="#444444">No sessions exist for that date.</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join("")}</svg>`;
}
