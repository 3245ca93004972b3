/**
 * The Providers page (001 §2.8): the title, 'Invite Users' for admins, then — streamed in after the frame —
 * the tabs 'Current Users (n)' and 'Invited Users (n)' (links: `?tab=invited`) and the table Name, Email, Role,
 * Location with each row's actions (admins: Edit and Delete as dialog links, Resend Invite as a post for invited
 * users), and the dialog the URL asks for. A practitioner sees the same page read-only.
 */
import { Await, Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Suspense } from "react";
import { ActionMenu, type ActionMenuItem } from "../../../components/action-menu";
import { FormToken } from "../../../forms/form-token";
import { locationNames, NO_USERS, PROVIDERS_LOAD_FAILED, providersHref, tabLabel, PROVIDER_TABS, type ProviderRow, type ProviderTab } from "./provider-list";
import type { ProvidersActionData, ProvidersData } from "./providers-route.server";
import { LoadErrorView } from "../../../components/load-error";
import { tableWrap } from "../../../components/table-wrap";
import { lazyPart } from "../../../components/lazy-part";

// The dialogs (their forms, conform) load with the first one opened (ADR 038); one in the URL of the first page is
// rendered by the server and hydrates once its code has come.
const ProviderDialog = lazyPart(() => import("./provider-dialogs").then((m) => ({ default: m.ProviderDialog })));

type List = Awaited<ProvidersData["list"]>;

export function ProvidersPage({ data }: { data: ProvidersData }) {
  const { state, canManage } = data;
  const closeHref = providersHref({ tab: state.tab });
  return (
    <section className="providers" aria-labelledby="providers-title">
      <div className="providers-header">
        <h1 id="providers-title">Providers</h1>
        {canManage ? (
          <Link className="button primary" to={providersHref({ tab: state.tab, dialog: { kind: "invite" } })} preventScrollReset>
            Invite Users
          </Link>
        ) : null}
      </div>
      <ResendFailure />
      <Suspense fallback={<ProvidersLoading />}>
        <Await resolve={data.list} errorElement={<LoadError tab={state.tab} />}>
          {(list) => <ProvidersView list={list} tab={state.tab} canManage={canManage} />}
        </Await>
      </Suspense>
      <Suspense fallback={null}>
        {data.dialog ? <ProviderDialog dialog={data.dialog} closeHref={closeHref} roles={data.roles} supportsSSO={data.supportsSSO} /> : null}
      </Suspense>
    </section>
  );
}

function ProvidersLoading() {
  return (
    <p role="status" className="providers-loading">
      Loading providers…
    </p>
  );
}

function LoadError({ tab }: { tab: ProviderTab }) {
  return <LoadErrorView message={PROVIDERS_LOAD_FAILED} retryHref={providersHref({ tab })} />;
}

/** 'Invite could not be sent.' after a refused resend (the post answers with it; nothing changed). */
function ResendFailure() {
  const reply = useActionData() as ProvidersActionData | undefined;
  if (reply?.intent !== "resend" && reply?.intent !== "reset-mfa") return null;
  return (
    <p className="notice notice-error" role="alert">
      {reply.error}
    </p>
  );
}

function ProvidersView({ list, tab, canManage }: { list: List; tab: ProviderTab; canManage: boolean }) {
  if (list.error !== null) return <LoadError tab={tab} />;
  const rows = list[tab];
  return (
    <>
      <nav className="tabs" aria-label="Users">
        {PROVIDER_TABS.map((t) => (
          <Link key={t} className="tab" to={providersHref({ tab: t })} aria-current={t === tab ? "page" : undefined}>
            {tabLabel(t, list.counts[t])}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="empty-state">{NO_USERS}</p>
      ) : (
        <div {...tableWrap(tabLabel(tab, rows.length))}>
          <table className="data-table stacked-table providers-table">
            <caption className="visually-hidden">{tabLabel(tab, rows.length)}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Location</th>
                {canManage ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ProviderTableRow key={row.id} row={row} tab={tab} canManage={canManage} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function ProviderTableRow({ row, tab, canManage }: { row: ProviderRow; tab: ProviderTab; canManage: boolean }) {
  const items: ActionMenuItem[] = [];
  if (row.canEdit) items.push({ label: "Edit", href: providersHref({ tab, dialog: { kind: "edit", id: row.id } }), dialog: true });
  if (row.canRemove) items.push({ label: "Delete", href: providersHref({ tab, dialog: { kind: "delete", id: row.id } }), dialog: true });
  return (
    <tr>
      <th scope="row">
        {row.name}
        {row.self ? <span className="provider-self"> (you)</span> : null}
      </th>
      <td data-label="Email">{row.email}</td>
      <td data-label="Role">{row.roleLabel}</td>
      <td data-label="Location">{locationNames(row.locations)}</td>
      {canManage ? (
        <td>
          <div className="provider-actions">
            {row.canResend ? (
              <Form method="post" className="provider-resend" preventScrollReset>
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="id" value={row.id} />
                {/* A new token after each sent invitation (its time changes), so the next resend is a new one. */}
                <FormToken key={row.invitedAt ?? ""} />
                <button type="submit" className="button" aria-label={`Resend Invite to ${row.name}`}>
                  Resend Invite
                </button>
              </Form>
            ) : null}
            {row.canResetMfa ? (
              <Form method="post" className="provider-reset-mfa" preventScrollReset>
                <input type="hidden" name="intent" value="reset-mfa" />
                <input type="hidden" name="id" value={row.id} />
                <button type="submit" className="button" aria-label={`Reset 2-Step Verification of ${row.fullName}`}>
                  Reset 2-Step Verification
                </button>
              </Form>
            ) : null}
            {items.length > 0 ? <ActionMenu label={`Actions for ${row.name}`} items={items} className="provider-menu" /> : null}
          </div>
        </td>
      ) : null}
    </tr>
  );
}
