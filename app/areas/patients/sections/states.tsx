/** The sections' loading, empty and error states. */
import type { ReactNode } from "react";

export function SectionSkeleton({ label }: { label: string }) {
  return (
    <div className="section-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton skeleton-title" aria-hidden="true" />
      <div className="skeleton skeleton-block" aria-hidden="true" />
      <div className="skeleton skeleton-block" aria-hidden="true" />
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{children}</p>
      {action}
    </div>
  );
}

/** A failed load: the spec's message (000 §8), with the service's detail for context. */
export function SectionError({ message }: { message: string }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{message}</p>
    </div>
  );
}

export const EMPTY = {
  noSessions: "No activity or sessions yet.",
  noDataInRange: "No data in this date range.",
  noRom: "No range of motion measured in this date range.",
  noPro: "No PRO data yet.",
  noProInRange: "No PRO data in this date range.",
  noCareNotes: "No care notes yet.",
  noCareNotesInRange: "No care notes in this date range.",
  noGaitSessions: "No assessments yet.",
} as const;
