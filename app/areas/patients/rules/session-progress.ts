/**
 * Session progress and the completion badge (spec 000 §2.8 Health activity view, §9):
 * - session progress = the sum of the sets' completion ratios over the number of sets, as a percentage,
 *   capped at 100 and rounded;
 * - the badge's tone: 100 → success, 0 → warning, anything else → info.
 */

export type CompletionTone = "success" | "warning" | "info";

interface SetLike {
  setInfo: { completionRatio: number | null | undefined };
}

const ratioOf = (set: SetLike) => {
  const r = Number(set.setInfo.completionRatio);
  return Number.isFinite(r) && r > 0 ? r : 0;
};

/** The session's progress in percent (0 for a session without sets). */
export function sessionProgress(sets: readonly SetLike[]): number {
  if (sets.length === 0) return 0;
  const sum = sets.reduce((total, set) => total + ratioOf(set), 0);
  return Math.min(100, Math.round((sum / sets.length) * 100));
}

/** One set's completion in percent, capped at 100 and rounded. */
export function setProgress(set: SetLike): number {
  return Math.min(100, Math.round(ratioOf(set) * 100));
}

/** The completion badge's tone for a percentage. */
export function completionTone(percent: number): CompletionTone {
  if (percent >= 100) return "success";
  if (percent <= 0) return "warning";
  return "info";
}
