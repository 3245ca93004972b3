/**
 * The Range of motion tab (spec 000 §2.8, §9): the measured range of motion of each exercise (per side of the
 * body) over time, keeping one maximum record per day — of a day's sets of that exercise and side, the one
 * that reached the largest angle.
 */
import type { HealthSession } from "./health-activity";
import { sideLabel } from "./health-activity";
import { dayInZone } from "../../../domain/zoned-day";
import { compareExact, compareKeys } from "../../../domain/collate";

export interface RomRecord {
  day: string;
  romMax: number;
  romMin: number | null;
}

export interface RomSeries {
  key: string;
  exerciseId: string;
  exerciseName: string;
  /** 'Left', 'Right', 'Both'; null for an exercise without a side. */
  side: string | null;
  /** 'Seated Knee Extension (Left)'. */
  label: string;
  /** Oldest first, one record per day. */
  records: RomRecord[];
}

/** The ROM series of the sessions, one per exercise and side, ordered by label. */
export function romSeries(sessions: readonly HealthSession[], timeZone: string): RomSeries[] {
  const byKey = new Map<string, Omit<RomSeries, "key" | "records"> & { days: Map<string, RomRecord> }>();
  for (const session of sessions) {
    const day = dayInZone(session.date, timeZone);
    if (!day) continue;
    for (const set of session.sets) {
      const max = set.setInfo.romMax;
      if (max == null || !Number.isFinite(max)) continue;
      const key = `${set.exerciseId}|${set.sideOfBody ?? ""}`;
      let series = byKey.get(key);
      if (!series) {
        const side = sideLabel(set.sideOfBody);
        series = { exerciseId: set.exerciseId, exerciseName: set.exerciseName, side, label: side ? `${set.exerciseName} (${side})` : set.exerciseName, days: new Map() };
        byKey.set(key, series);
      }
      const current = series.days.get(day);
      if (!current || max > current.romMax) series.days.set(day, { day, romMax: max, romMin: set.setInfo.romMin ?? null });
    }
  }
  return [...byKey.entries()]
    .map(([key, { days, ...s }]) => ({ key, ...s, records: [...days.values()].sort((a, b) => compareKeys(a.day, b.day)) }))
    .sort((a, b) => compareExact(a.label, b.label) || compareKeys(a.key, b.key));
}
