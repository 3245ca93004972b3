/**
 * A frame of a log as a standalone SVG document (900 × 640, the canvas's drawing): the no-JavaScript replay shows
 * it as an image (`/scan/sessions/{id}/frame.svg?frame=n`, `/demo/hands/frame.svg?frame=n`). Same drawing model
 * as the canvas (skeleton.ts, timeline.ts). Pure: a string.
 */
import type { PackedLog } from "./log-types";
import { CANVAS_HEIGHT, CANVAS_WIDTH, frameDrawing, MARKER_COLOURS, SIDE_COLOURS } from "./skeleton";
import { frameText, markers, markersAt, phaseAt } from "./timeline";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const n = (v: number) => (Math.round(v * 10) / 10).toString();

/** The frame's description (the image's title and the page's alt text). */
export function frameDescription(log: PackedLog, f: number): string {
  const what = log.kind === "hands" ? "Hand joints" : "Skeleton";
  return `${what} at ${frameText(f, log.frameCount).replace("Frame: ", "frame ")}, phase ${phaseAt(log, f)}`;
}

export function frameSvg(log: PackedLog, f: number): string {
  const { links, joints } = frameDrawing(log, f);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS_WIDTH}" height="${CANVAS_HEIGHT}" viewBox="0 0 ${CANVAS_WIDTH} ${CANVAS_HEIGHT}" role="img">`);
  parts.push(`<title>${esc(frameDescription(log, f))}</title>`);
  parts.push(`<rect width="${CANVAS_WIDTH}" height="${CANVAS_HEIGHT}" fill="#ffffff"/>`);
  for (const m of markersAt(markers(log), f)) {
    const colour = MARKER_COLOURS[m.kind];
    parts.push(`<line x1="${n(m.x)}" y1="40" x2="${n(m.x)}" y2="${CANVAS_HEIGHT - 20}" stroke="${colour}" stroke-width="2" stroke-dasharray="${m.kind === "lap" ? "8 6" : "3 4"}"/>`);
    parts.push(`<text x="${n(m.labelX)}" y="${m.labelY}"${m.anchor === "end" ? ' text-anchor="end"' : ""} font-family="sans-serif" font-size="12" fill="${colour}">${esc(m.label)}</text>`);
  }
  for (const l of links) parts.push(`<line x1="${n(l.x1)}" y1="${n(l.y1)}" x2="${n(l.x2)}" y2="${n(l.y2)}" stroke="${SIDE_COLOURS[l.side]}" stroke-width="4" stroke-linecap="round"/>`);
  for (const j of joints) parts.push(`<circle cx="${n(j.x)}" cy="${n(j.y)}" r="4" fill="${SIDE_COLOURS[j.side]}"/>`);
  parts.push(`<text x="16" y="26" font-family="sans-serif" font-size="16" fill="#1d232b">${esc(frameText(f, log.frameCount))} · Phase: ${esc(phaseAt(log, f))}</text>`);
  parts.push("</svg>");
  return parts.join("");
}
