/**
 * The patient list's results (000 §2.6): the table with its sortable headers and row menus and the pager, the empty
 * state, or the load error. The server renders them with the page; their JavaScript is only their controls' (the
 * sort and name links, the row menus, the pager), so list-page.tsx loads it after the page is interactive and React
 * keeps the server's HTML — links, native disclosures and a GET form that work as without JavaScript — until it has come.
 */
import { Link } from "../../../components/link";
import { ActionMenu } from "../../../components/action-menu";
import { EmptyList, Pager } from "../../../components/pager";
import { LoadErrorView } from "../../../components/load-error";
import { tableWrap } from "../../../components/table-wrap";
import { useReadOnly } from "../../../shell/read-only";
import { displayName } from "../../../domain/names";
import { assignProgramHref } from "../../../domain/program-builder";
import { formatDate } from "../../../domain/zoned-day";
import { listHref, type ColumnKey, type ListState } from "../rules/patient-list";
import { ariaSort, COLUMN_LABELS, emptyListMessage, LIST_LOAD_FAILED, nextSort, patientDialogHref, patientHref, productList, rowActions, STATUS_LABELS, type RowAction } from "../rules/patient-rows";
import type { ListData } from "./list-page";

type Row = NonNullable<ListData["list"]>["items"][number];

/** The list's load error, its empty state, or the table and the pager. */
export function PatientListResults({ data }: { data: ListData }) {
  const { state, list } = data;
  if (data.listError || !list) return <LoadErrorView message={data.listError ?? LIST_LOAD_FAILED} retryHref={listHref(state)} retryLabel="Reload this page" />;
  if (list.items.length === 0) {
    return (
      <EmptyList page={state.page} metadata={list.metadata} hrefFor={(page) => listHref({ ...state, page })} noun={["patient", "patients"]}>
        {emptyListMessage(state, (state.location ?? data.globalLocationId ?? "all") !== "all")}
      </EmptyList>
    );
  }
  return (
    <>
      <PatientTable data={data} rows={list.items} />
      <Pager page={state.page} metadata={list.metadata} hrefFor={(page) => listHref({ ...state, page })} noun={["patient", "patients"]} />
    </>
  );
}

function PatientTable({ data, rows }: { data: ListData; rows: Row[] }) {
  const { state } = data;
  // Every row action changes the patient (assign, invite, edit, add to a product, discharge): a read-only user
  // has none, so no Action column either.
  const readOnly = useReadOnly();
  const columns = readOnly ? data.columns.filter((c) => c !== "action") : data.columns;
  return (
    <div {...tableWrap(`${state.tab === "active" ? "Active" : "Discharged"} patients`)}>
      <table className="stacked-table patients-table">
        <caption className="visually-hidden">{`${state.tab === "active" ? "Active" : "Discharged"} patients`}</caption>
        <thead>
          <tr>
            {columns.map((c) =>
              c === "action" ? (
                <th key={c} scope="col">
                  {COLUMN_LABELS[c]}
                </th>
              ) : (
                <th key={c} scope="col" aria-sort={ariaSort(state, c)}>
                  <Link to={listHref(nextSort(state, c))} className="sort-link" preventScrollReset>
                    {COLUMN_LABELS[c]}
                    <span aria-hidden="true" className="sort-icon">
                      {state.sort === c ? (state.dir === "asc" ? "▲" : "▼") : ""}
                    </span>
                  </Link>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <Cell key={c} column={c} row={row} data={data} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ column, row, data }: { column: ColumnKey; row: Row; data: ListData }) {
  const name = displayName(row.patient);
  switch (column) {
    case "action":
      return (
        <td>
          <ActionMenu
            className="row-menu"
            label={`Actions for ${name}`}
            items={rowActions(row, data.userProducts).map((a) => ({ label: a.label, href: actionHref(a, row.id, data.state), dialog: a.kind === "invite" || a.kind === "add-product", changes: true }))}
          />
        </td>
      );
    case "name":
      return (
        <th scope="row">
          <Link to={patientHref(row.id)}>{name}</Link>
        </th>
      );
    case "email":
      return <td data-label={COLUMN_LABELS[column]}>{row.patient.email ?? "—"}</td>;
    case "product":
      return <td data-label={COLUMN_LABELS[column]}>{productList(row.products)}</td>;
    case "program":
      return <td data-label={COLUMN_LABELS[column]}>{row.productData.health?.heps.map((h) => h.name).join(", ") || "None"}</td>;
    case "location":
      return <td data-label={COLUMN_LABELS[column]}>{row.location?.name ?? "—"}</td>;
    case "lastActivity":
      return <td data-label={COLUMN_LABELS[column]}>{formatDate(row.mostRecentActivity, data.timeZone) ?? "No activity"}</td>;
    case "status": {
      const status = row.productData.health?.status;
      return <td data-label={COLUMN_LABELS[column]}>{status ? (STATUS_LABELS[status] ?? status) : "—"}</td>;
    }
  }
}

function actionHref(action: RowAction, id: string, state: ListState): string {
  switch (action.kind) {
    case "assign-program":
      return assignProgramHref(id);
    case "invite":
      return listHref(state, { invite: id });
    case "edit":
      return patientDialogHref(id, "edit-details");
    case "add-product":
      return listHref(state, { addProduct: id });
    case "discharge":
      return patientDialogHref(id, "discharge");
  }
}
