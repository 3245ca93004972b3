/**
 * Draws a frame on a 2D canvas context (the island's canvas): the same drawing model as the SVG (skeleton.ts,
 * timeline.ts). No browser globals at import time; the context comes in.
 */
import type { PackedLog } from "./log-types";
import { CANVAS_HEIGHT, CANVAS_WIDTH, frameDrawing, MARKER_COLOURS, SIDE_COLOURS } from "./skeleton";
import { MARKER_FONT, markersAt, type Marker } from "./timeline";

export function drawFrame(ctx: CanvasRenderingContext2D, log: PackedLog, f: number, allMarkers: readonly Marker[]): void {
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  ctx.font = MARKER_FONT;
  for (const m of markersAt(allMarkers, f)) {
    ctx.strokeStyle = MARKER_COLOURS[m.kind];
    ctx.fillStyle = MARKER_COLOURS[m.kind];
    ctx.lineWidth = 2;
    ctx.setLineDash(m.kind === "lap" ? [8, 6] : [3, 4]);
    ctx.beginPath();
    ctx.moveTo(m.x, 40);
    ctx.lineTo(m.x, CANVAS_HEIGHT - 20);
    ctx.stroke();
    ctx.textAlign = m.anchor === "end" ? "right" : "left";
    ctx.fillText(m.label, m.labelX, m.labelY);
  }
  ctx.textAlign = "left";
  ctx.setLineDash([]);
  const { links, joints } = frameDrawing(log, f);
  ctx.lineWidth = 4;
  ctx.lineCap = "round";
  for (const l of links) {
    ctx.strokeStyle = SIDE_COLOURS[l.side];
    ctx.beginPath();
    ctx.moveTo(l.x1, l.y1);
    ctx.lineTo(l.x2, l.y2);
    ctx.stroke();
  }
  for (const j of joints) {
    ctx.fillStyle = SIDE_COLOURS[j.side];
    ctx.beginPath();
    ctx.arc(j.x, j.y, 4, 0, Math.PI * 2);
    ctx.fill();
  }
}
