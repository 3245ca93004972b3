/**
 * GET `/rtm-billing/cycles/{id}.pdf` and `/rtm-billing/monthly-summaries/{id}.pdf`: the cycle's and the
 * patient's month PDF (002 §2, §7), rendered by the API, fetched from its signed URL on the server and streamed
 * to the browser (opened in a new tab), never cached. Out of the user's reach (or unknown): the not-found page.
 * Another failure: back to the worklist with 'Failed to fetch PDF' (002 §8).
 */
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { getRtmPdf } from "../../api/rtm.server";
import { getSession } from "../../auth/session.server";
import { requireProduct } from "../../auth/user.server";
import { isUuid, PDF_FAILED, WORKLIST_PATH } from "./rules/worklist";

export async function rtmPdfResponse({ request, context }: LoaderFunctionArgs, kind: "cycle" | "month", id: string | undefined): Promise<Response> {
  await requireProduct(request, context, "HEALTH");
  const noStore = { "Cache-Control": "no-store" };
  if (!isUuid(id)) throw data(null, { status: 404, headers: noStore });
  const pdf = await getRtmPdf(request, context, kind, id);
  if (pdf.error) {
    if (pdf.error.status === 404 || pdf.error.status === 400) throw data(null, { status: 404, headers: noStore });
    getSession(request, context).flash("toast", { type: "error", message: PDF_FAILED });
    throw redirect(WORKLIST_PATH, { headers: noStore });
  }
  return new Response(pdf.data, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${kind === "cycle" ? "rtm-cycle" : "rtm-month"}.pdf"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
