/**
 * The scan modules editor (003 §2, §4): module cards (details/summary with the module's assessments), drag to
 * reorder modules and, inside each card, its assessments (the shared sortable list: Move up / Move down
 * without JavaScript), Add Module, edit and delete module, add, edit and delete assessment, and the floating
 * Cancel/Save bar once anything changed. Without JavaScript every control is a submit button of a form that
 * carries the whole working set (`draft`) and the server answers the edited page; with JavaScript the same
 * edits (modules-draft.ts `applyEdit`) run in the browser without a request, and only Save posts.
 * Support staff see the modules read-only (ADR 015).
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form } from "react-router";
import { Link } from "../../../components/link";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ErrorList } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { useHydrated } from "../../../components/use-hydrated";
import { FormToken } from "../../../forms/form-token";
import { SortableList } from "../../../islands/sortable-list";
import { modulesHref } from "../scan-organizations/scan-organizations";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { assessmentKey, IMAGE_NAMES, NAME_MAX, NO_ASSESSMENTS, NO_MODULES, pickableAssessments, reorder, SUBTITLE_MAX, URL_MAX } from "./modules-values";
import type { Draft, DraftModule, EditorState } from "./modules-draft";

/**
 * The edits that parse a form or the working set (modules-draft.ts: zod) and the dialogs' schemas, loaded with the
 * first edit or the first use of a dialog's field (ADR 038); the page shows and reorders the modules without them.
 */
const loadDraftEdits = () => import("./modules-draft");

type Library = readonly { id: string; name: string }[];

/** The editor's main form: a dialog's Cancel submits it (`intent=close`), so Enter in a dialog's field saves the dialog. */
const EDITOR_FORM = "modules-form";

export interface ModulesEditorProps {
  organizationId: string;
  name: string;
  loaded: Draft;
  /** The action's answer (a post without JavaScript, or a failed Save). */
  posted: EditorState | undefined;
  library: Library;
  canChange: boolean;
}

export function ModulesEditor({ organizationId, loaded, posted, library, canChange }: ModulesEditorProps) {
  const hydrated = useHydrated();
  const source = posted ?? null;
  const initial = (): EditorState => posted ?? { draft: loaded, dialog: null };
  const [state, setState] = useState<EditorState>(initial);
  // A new answer of the server (a reload, Cancel, a post's answer) replaces the working set.
  const [base, setBase] = useState<{ loaded: Draft; posted: EditorState | null }>({ loaded, posted: source });
  if (base.loaded !== loaded || base.posted !== source) {
    setBase({ loaded, posted: source });
    setState(initial());
  }
  const { draft, dialog } = state;
  const draftJson = JSON.stringify(draft);
  const href = modulesHref(organizationId);

  /**
   * An edit in the browser, applied to the working set once the edits' code is there (at once after the first). If it
   * cannot load (offline), nothing changes and the next click tries again.
   */
  const edit = (form: FormData) =>
    void loadDraftEdits().then(
      (m) => setState((s) => m.applyEdit(s, form, library).state),
      () => {},
    );

  /** With JavaScript an edit runs here; Save (and anything without JS) goes to the server. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.name === "intent" ? submitter.value : null;
    if (!intent || intent === "save") return;
    event.preventDefault();
    edit(new FormData(event.currentTarget, submitter));
  };

  if (!canChange) return <ReadOnlyModules draft={loaded} />;

  return (
    <>
      <Form method="post" action={href} onSubmit={onSubmit} className="modules-editor" id={EDITOR_FORM} preventScrollReset>
        <input type="hidden" name="draft" value={draftJson} />
        <FormToken />
        <div className="modules-toolbar">
          <button type="submit" className="button primary" name="intent" value="open:add-module" formNoValidate>
            Add Module
          </button>
        </div>
        {draft.modules.length === 0 ? (
          <p className="empty-state">{NO_MODULES}</p>
        ) : (
          <SortableList
            items={draft.modules}
            getKey={(m) => m.key}
            getLabel={(m) => m.name}
            label="Modules"
            className="modules-list"
            onReorder={(keys) => setState((s) => ({ ...s, draft: reorder(s.draft, keys) }))}
            renderItem={(m) => (
              <ModuleCard
                module={m}
                onReorder={(keys) => setState((s) => ({ ...s, draft: reorder(s.draft, keys, m.key) }))}
              />
            )}
          />
        )}
        {draft.changed ? (
          <div className="modules-save-bar" role="region" aria-label="Unsaved changes">
            <p>You have unsaved changes.</p>
            {state.saveError ? (
              <p role="alert" className="field-error">
                {state.saveError}
              </p>
            ) : null}
            <Link to={href} className="button" reloadDocument={!hydrated}>
              Cancel
            </Link>
            <SubmitButton name="intent" value="save" pendingText="Saving…">
              Save
            </SubmitButton>
          </div>
        ) : null}
      </Form>
      {dialog ? (
        <EditorDialogView
          key={JSON.stringify(dialog)}
          state={state}
          href={href}
          library={library}
          hydrated={hydrated}
          onApply={edit}
          onClose={() => setState({ draft, dialog: null })}
        />
      ) : null}
    </>
  );
}

function ModuleSummary({ module }: { module: DraftModule }) {
  return (
    <summary>
      <span className="module-name">{module.name}</span>
      <span className="module-meta">
        {module.subtitle} · {module.imageName} · {module.isLocked ? "Locked" : "Unlocked"} · {module.assessments.length} assessment{module.assessments.length === 1 ? "" : "s"}
      </span>
    </summary>
  );
}

const assessmentLabel = (a: { name: string; nameOverride: string | null }) => (a.nameOverride ? `${a.nameOverride} (${a.name})` : a.name);

function ModuleCard({ module, onReorder }: { module: DraftModule; onReorder: (keys: string[]) => void }) {
  return (
    <details className="module-card" open>
      <ModuleSummary module={module} />
      <div className="module-body">
        {module.imageUrl ? <p className="module-meta">Image URL: {module.imageUrl}</p> : null}
        <div className="module-actions">
          <button type="submit" className="button" name="intent" value={`open:edit-module:${module.key}`} formNoValidate>
            Edit<span className="visually-hidden"> module {module.name}</span>
          </button>
          <button type="submit" className="button" name="intent" value={`delete-module:${module.key}`} formNoValidate>
            Delete<span className="visually-hidden"> module {module.name}</span>
          </button>
          <button type="submit" className="button" name="intent" value={`open:add-assessment:${module.key}`} formNoValidate>
            Add Assessment<span className="visually-hidden"> to {module.name}</span>
          </button>
        </div>
        {module.assessments.length === 0 ? (
          <p className="module-empty">{NO_ASSESSMENTS}</p>
        ) : (
          <SortableList
            items={module.assessments}
            getKey={(a) => assessmentKey(module.key, a.id)}
            getLabel={(a) => assessmentLabel(a)}
            label={`Assessments of ${module.name}`}
            className="assessments-list"
            onReorder={onReorder}
            renderItem={(a) => (
              <div className="assessment-row">
                <span>
                  {assessmentLabel(a)} <span className="module-meta">{a.id}</span>
                </span>
                <span className="assessment-actions">
                  <button type="submit" className="button" name="intent" value={`open:edit-assessment:${assessmentKey(module.key, a.id)}`} formNoValidate>
                    Edit<span className="visually-hidden"> assessment {assessmentLabel(a)}</span>
                  </button>
                  <button type="submit" className="button" name="intent" value={`delete-assessment:${assessmentKey(module.key, a.id)}`} formNoValidate>
                    Delete<span className="visually-hidden"> assessment {assessmentLabel(a)}</span>
                  </button>
                </span>
              </div>
            )}
          />
        )}
      </div>
    </details>
  );
}

function ReadOnlyModules({ draft }: { draft: Draft }) {
  if (draft.modules.length === 0) return <p className="empty-state">{NO_MODULES}</p>;
  return (
    <ol className="modules-list sortable-list" aria-label="Modules">
      {draft.modules.map((m) => (
        <li key={m.key} className="sortable-row">
          <details className="module-card sortable-item" open>
            <ModuleSummary module={m} />
            {m.assessments.length === 0 ? (
              <p className="module-empty">{NO_ASSESSMENTS}</p>
            ) : (
              <ol aria-label={`Assessments of ${m.name}`}>
                {m.assessments.map((a) => (
                  <li key={a.id}>{assessmentLabel(a)}</li>
                ))}
              </ol>
            )}
          </details>
        </li>
      ))}
    </ol>
  );
}

interface DialogViewProps {
  state: EditorState;
  href: string;
  library: Library;
  hydrated: boolean;
  onApply: (form: FormData) => void;
  onClose: () => void;
}

/** The open dialog: its form carries the working set too, so it works as a post without JavaScript. */
function EditorDialogView(props: DialogViewProps) {
  const { dialog } = props.state;
  if (!dialog) return null;
  if (dialog.kind === "add-module" || dialog.kind === "edit-module") {
    const module = dialog.kind === "edit-module" ? props.state.draft.modules.find((m) => m.key === dialog.module) : undefined;
    return <ModuleDialog {...props} module={module} />;
  }
  const module = props.state.draft.modules.find((m) => m.key === dialog.module);
  const current = dialog.kind === "edit-assessment" ? module?.assessments.find((a) => a.id === dialog.assessment) : undefined;
  return <AssessmentDialog {...props} module={module} current={current} />;
}

function DraftDialog({ title, children, onClose, hydrated }: { title: string; children: ReactNode; onClose: () => void; hydrated: boolean }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>("input:not([type=hidden]), select")?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return (
    <div className="modal-backdrop">
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- Escape closes the dialog, as the shared Dialog does */}
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (hydrated && e.key === "Escape") {
            e.preventDefault();
            onClose();
          }
        }}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
        </div>
        {children}
      </div>
    </div>
  );
}

function DialogButtons({ onClose, hydrated, saveLabel }: { onClose: () => void; hydrated: boolean; saveLabel: string }) {
  return (
    <div className="modal-actions">
      <button
        type="submit"
        form={EDITOR_FORM}
        className="button"
        name="intent"
        value="close"
        formNoValidate
        onClick={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          onClose();
        }}
      >
        Cancel
      </button>
      <button type="submit" className="button primary">
        {saveLabel}
      </button>
    </div>
  );
}

function TextInput({ label, meta, maxLength, type = "text" }: { label: string; meta: FieldMetadata<string | undefined>; maxLength: number; type?: "text" | "url" }) {
  const { key, ...props } = getInputProps(meta, { type });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input key={key} {...props} maxLength={maxLength} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function Select({ label, meta, children }: { label: string; meta: FieldMetadata<string | undefined>; children: ReactNode }) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select key={key} {...props}>
        {children}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function ModuleDialog({ state, href, hydrated, onApply, onClose, module }: DialogViewProps & { module: DraftModule | undefined }) {
  const [form, fields] = useForm({
    id: "module-form",
    lastResult: state.result,
    defaultValue: module
      ? { name: module.name, subtitle: module.subtitle, imageName: module.imageName, isLocked: String(module.isLocked), imageUrl: module.imageUrl ?? "" }
      : { imageName: "Assessment" },
    // 003 §5: validated on blur and on change.
    ...useLazyValidation("module-form", loadDraftEdits, (m) => m.moduleSchema, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
    onSubmit: (event, { formData }) => {
      if (!hydrated) return;
      event.preventDefault();
      onApply(formData);
    },
  });
  return (
    <DraftDialog title={module ? `Edit ${module.name}` : "Add Module"} onClose={onClose} hydrated={hydrated}>
      <Form method="post" action={href} {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="draft" value={JSON.stringify(state.draft)} />
        <input type="hidden" name="intent" value="save-module" />
        <input type="hidden" name="target" value={module?.key ?? ""} />
        <TextInput label="Module Name" meta={fields.name} maxLength={NAME_MAX} />
        <TextInput label="Subtitle" meta={fields.subtitle} maxLength={SUBTITLE_MAX} />
        <Select label="Image" meta={fields.imageName}>
          {IMAGE_NAMES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <Select label="Locked status" meta={fields.isLocked}>
          <option value="">Choose…</option>
          <option value="false">Unlocked</option>
          <option value="true">Locked</option>
        </Select>
        <TextInput label="Image URL (optional)" meta={fields.imageUrl} maxLength={URL_MAX} type="url" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <DialogButtons onClose={onClose} hydrated={hydrated} saveLabel={module ? "Update Module" : "Add Module"} />
      </Form>
    </DraftDialog>
  );
}

function AssessmentDialog({
  state,
  href,
  library,
  hydrated,
  onApply,
  onClose,
  module,
  current,
}: DialogViewProps & { module: DraftModule | undefined; current: { id: string; name: string; nameOverride: string | null } | undefined }) {
  const [form, fields] = useForm({
    id: "assessment-form",
    lastResult: state.result,
    defaultValue: current ? { assessmentId: current.id, nameOverride: current.nameOverride ?? "" } : {},
    ...useLazyValidation("assessment-form", loadDraftEdits, (m) => m.assessmentSchema, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
    onSubmit: (event, { formData }) => {
      if (!hydrated) return;
      event.preventDefault();
      onApply(formData);
    },
  });
  if (!module) return null;
  const options = pickableAssessments(library, module, current?.id);
  return (
    <DraftDialog title={current ? `Edit ${current.name} in ${module.name}` : `Add Assessment to ${module.name}`} onClose={onClose} hydrated={hydrated}>
      <Form method="post" action={href} {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="draft" value={JSON.stringify(state.draft)} />
        <input type="hidden" name="intent" value="save-assessment" />
        <input type="hidden" name="target" value={module.key} />
        <input type="hidden" name="previous" value={current?.id ?? ""} />
        <Select label="Assessment" meta={fields.assessmentId}>
          <option value="">Choose an assessment</option>
          {options.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.id})
            </option>
          ))}
        </Select>
        <TextInput label="Name override (optional)" meta={fields.nameOverride} maxLength={200} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <DialogButtons onClose={onClose} hydrated={hydrated} saveLabel={current ? "Update Assessment" : "Add Assessment"} />
      </Form>
    </DraftDialog>
  );
}
