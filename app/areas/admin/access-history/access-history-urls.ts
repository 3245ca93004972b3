/** The admin access-history search's URL (the GET form's and the pager's links); shared by server and browser. */
export function accessHistoryHref(q: { userId?: string; patientRecordId?: string; page?: number }): string {
  const p = new URLSearchParams();
  if (q.userId) p.set("userId", q.userId);
  if (q.patientRecordId) p.set("patientRecordId", q.patientRecordId);
  if (q.page && q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return `/admin/access-history${s ? `?${s}` : ""}`;
}
