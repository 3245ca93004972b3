/**
 * The worklist's dialogs at their URLs (002 §2): Bill now's confirmation (`?confirm={cycleId}`) and the cycle's text
 * to select and copy by hand (`?copy={cycleId}`: the copy button's fallback, and the control without JavaScript,
 * copy-cycle.tsx). Their own module so the page loads them with the first one opened (ADR 038).
 */
import { Form } from "react-router";
import { Link } from "../../components/link";
import { Dialog, MessageDialog } from "../../components/dialog";
import { FormToken } from "../../forms/form-token";
import { displayName } from "../../domain/names";
import type { RtmCycle } from "../../api/rtm.server";
import { billNowTitle, copyText, cycleActions, worklistHref, type WorklistState } from "./rules/worklist";

/**
 * "Bill now" (ADR 043): a code met so far while its period runs is billed only after this confirmation, which names
 * what billing it now may lose (the API's `billNow` words). A page state (`?confirm={cycleId}`), so it works
 * without JavaScript; the form posts ADVANCE with billNow.
 */
export function BillNowDialog({ cycles, id, state }: { cycles: RtmCycle[]; id: string; state: WorklistState }) {
  const cycle = cycles.find((c) => c.id === id);
  const closeHref = worklistHref(state, cycle ? { open: cycle.patientRecord.id } : {});
  if (!cycle || !cycleActions(cycle.status, cycle.billNow).billNow) {
    return <MessageDialog title="Bill now" closeHref={closeHref} message="This cycle cannot be billed now: the worklist shows its current status." />;
  }
  const name = displayName(cycle.patientRecord);
  return (
    <Dialog title={billNowTitle(cycle.billingCode, name)} closeHref={closeHref} alert changes>
      <p role="alert">{cycle.billNow}</p>
      <p>{cycle.needs?.text}</p>
      <Form method="post" action={worklistHref(state)} preventScrollReset className="modal-actions">
        <FormToken />
        <input type="hidden" name="intent" value="advance" />
        <input type="hidden" name="billNow" value="1" />
        <input type="hidden" name="cycleId" value={cycle.id} />
        <input type="hidden" name="shownStatus" value={cycle.status} />
        <input type="hidden" name="patientRecordId" value={cycle.patientRecord.id} />
        <Link className="button" to={closeHref} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="button primary">
          {`Bill ${cycle.billingCode} now`}
        </button>
      </Form>
    </Dialog>
  );
}

/** The cycle's text to copy by hand; the cycle asked for is not among the page's (`cycle` undefined): a message. */
export function CopyDialog({ cycle, timeZone, closeHref }: { cycle: RtmCycle | undefined; timeZone: string; closeHref: string }) {
  return cycle ? (
    <CopyTextDialog text={copyText(cycle, timeZone)} closeHref={closeHref} title={`Copy ${cycle.billingCode} for ${displayName(cycle.patientRecord)}`} />
  ) : (
    <MessageDialog title="Copy" closeHref={closeHref} message="This cycle is not on this page of the worklist." />
  );
}

function CopyTextDialog({ text, title, closeHref }: { text: string; title: string; closeHref: string }) {
  return (
    <Dialog title={title} closeHref={closeHref} description="Select the text and copy it (Ctrl+C, or ⌘C on a Mac).">
      <label htmlFor="rtm-copy-text" className="visually-hidden">
        Cycle text
      </label>
      <textarea id="rtm-copy-text" className="rtm-copy-text" readOnly rows={Math.min(14, text.split("\n").length + 1)} value={text} onFocus={(e) => e.currentTarget.select()} />
      <div className="modal-actions">
        <Link className="button primary" to={closeHref} preventScrollReset>
          Done
        </Link>
      </div>
    </Dialog>
  );
}
