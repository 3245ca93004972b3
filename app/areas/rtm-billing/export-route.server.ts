/**
 * GET `/rtm-billing/months/{yyyy-LL}.csv`: the month's billing export for the billing office (ADR 033): every
 * cycle ending in the month of every patient in the user's reach (the API scopes them), one row each (a
 * care-management cycle's row lists its care notes as the audit packet does), through the shared formula-safe CSV
 * writer; never cached. A month the picker does not offer is not found; a failed call
 * goes back to the worklist with the spec's load-failure message.
 */
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { listRtmMonth, type RtmMonthlySummary } from "../../api/rtm.server";
import { getSession } from "../../auth/session.server";
import { requireProduct } from "../../auth/current-user.server";
import { csvFile } from "../../domain/csv-file.server";
import { todayIn } from "../../domain/date-range";
import { attachmentDisposition } from "../../domain/report-day";
import { EXPORT_HEADER, exportFileName, exportRows, LOAD_FAILED, selectableMonths, WORKLIST_PATH } from "./rules/worklist";

/** The API's largest page (openapi Limit: maximum 999). */
const PAGE = 999;

export async function rtmExportResponse({ request, context }: LoaderFunctionArgs, month: string | undefined): Promise<Response> {
  const user = requireProduct(context, "HEALTH");
  const noStore = { "Cache-Control": "no-store" };
  if (!month || !selectableMonths(todayIn(user.organization.timezone)).includes(month)) throw data(null, { status: 404, headers: noStore });
  const summaries: RtmMonthlySummary[] = [];
  for (let page = 1; ; page++) {
    const res = await listRtmMonth(request, context, month, { page, limit: PAGE, sortBy: "NAME", orderBy: "ASC" });
    if (res.error) {
      getSession(request, context).flash("toast", { type: "error", message: LOAD_FAILED });
      throw redirect(`${WORKLIST_PATH}?month=${month}`, { headers: noStore });
    }
    summaries.push(...res.data.items);
    if (page >= res.data.metadata.totalPages || res.data.items.length === 0) break;
  }
  return new Response(csvFile([[...EXPORT_HEADER], ...exportRows(summaries, user.organization.timezone)]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(exportFileName(month)),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
