/**
 * The analysis dialog's JSON edit view (003 §2, §4, §5, §8): a textarea with the outcome as JSON and its live
 * preview (the read view of the parsed JSON).
 *
 * - With JavaScript: the text is validated 1000 ms after typing stops (003 §9) with the same rule as the server
 *   (outcome-schema.ts `checkOutcomeJson`): 'Invalid JSON.' when it does not parse, 'Could not parse organization
 *   scan outcome.' and where when it is not a ScanOutcome of the contract, else the rule's problems (each naming
 *   the factor and the key: app/domain/scan-outcome-rules.ts, the API's own check); the preview follows the
 *   parsed outcome.
 * - Without JavaScript: 'Preview' posts the text and the server answers the dialog with its preview (or the
 *   message); 'Save' posts it to be saved.
 * The server's answer (a refusal of the API, with its message) comes back with the text as typed.
 */
import type { SerializeFrom } from "../../../route-data";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { useEffect, useRef, useState } from "react";
import { ErrorList } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { useHydrated } from "../../../components/use-hydrated";
import { FORM_TOKEN_FIELD } from "../../../forms/form-token";
import type { AnalysisDialogState, AnalysisReply } from "./analysis-route.server";
import { analysisDialogHref } from "./analysis-paths";
import { checkOutcomeJson } from "./outcome-schema";

type OutcomeCheck = ReturnType<typeof checkOutcomeJson>;
import { OutcomeView } from "./outcome-view";
import { useChangeHandler } from "../../../components/use-change-handler";

/** 003 §9: the JSON validation debounce. */
export const JSON_VALIDATION_DELAY_MS = 1000;

type EditState = SerializeFrom<Extract<AnalysisDialogState, { mode: "edit" }>>;
type Preview = SerializeFrom<AnalysisReply>["preview"];

export function EditView({ organizationId, dialog, cancelHref }: { organizationId: string; dialog: EditState; cancelHref: string }) {
  const reply = useActionData() as SerializeFrom<AnalysisReply> | undefined;
  const hydrated = useHydrated();
  // The browser's check of the text: null (none since the server's answer), typing (not checked yet: no message,
  // the preview shown when typing began stays), or its result.
  const [live, setLive] = useState<OutcomeCheck | { typing: true; preview: Preview } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new answer of the server replaces what the browser checked.
  useEffect(() => setLive(null), [reply]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  // While typing: no message, the last preview stays.
  const typing = live !== null && "typing" in live;
  const checked = live === null || "typing" in live ? null : live;
  const preview: Preview = typing ? live.preview : checked ? checked.outcome : reply ? reply.preview : dialog.preview;
  const errors = typing ? [] : checked ? checked.errors : (reply?.errors ?? []);
  const invalid = errors.length > 0;

  const onInput = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    setLive({ typing: true, preview });
    timer.current = setTimeout(() => setLive(checkOutcomeJson(text)), JSON_VALIDATION_DELAY_MS);
  };

  // Text typed before the dialog hydrated is checked too.
  const jsonChanges = useChangeHandler<HTMLTextAreaElement>((control) => onInput(control.value));
  const json = reply?.json ?? dialog.json;
  const action = analysisDialogHref(organizationId, dialog.assessmentId, "edit");

  return (
    <div className="analysis-edit">
      <Form
        method="post"
        action={action}
        className="stack analysis-edit-form"
        preventScrollReset
        // What is posted is checked by the server: a check still waiting must not overwrite its answer.
        onSubmit={() => {
          if (timer.current) clearTimeout(timer.current);
        }}
      >
        <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={dialog.formToken} />
        <div className="field">
          <label htmlFor="analysis-json">Analysis JSON</label>
          <textarea
            id="analysis-json"
            name="json"
            className="analysis-json"
            rows={18}
            spellCheck={false}
            autoComplete="off"
            defaultValue={json}
            key={dialog.assessmentId}
            aria-invalid={invalid ? true : undefined}
            aria-describedby="analysis-json-error"
            {...jsonChanges}
          />
          <ErrorList id="analysis-json-error" errors={errors} />
        </div>
        <div className="modal-actions">
          <Link to={cancelHref} className="button" preventScrollReset>
            Cancel
          </Link>
          {hydrated ? null : (
            <button type="submit" name="intent" value="preview" className="button">
              Preview
            </button>
          )}
          <SubmitButton name="intent" value="save" pendingText="Saving…">
            Save
          </SubmitButton>
        </div>
      </Form>
      <section className="analysis-preview" aria-labelledby="analysis-preview-title">
        <h3 id="analysis-preview-title">Preview</h3>
        {preview ? <OutcomeView outcome={preview} headingLevel={4} /> : <p className="analysis-preview-none">Nothing to preview until the JSON is a valid analysis.</p>}
      </section>
    </div>
  );
}
