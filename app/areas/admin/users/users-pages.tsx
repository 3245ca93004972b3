/**
 * The admin user pages (003 §2 "Users"): 'Get User By UUID' (two GET forms, by UUID and by e-mail, and the
 * profile found) and 'Get Provider Signup Link' (by e-mail: the invitation's fields and the link, with a copy
 * button once JavaScript runs).
 */
import type { SerializeFrom } from "../../../route-data";
import { Form, useLoaderData } from "react-router";
import { useHydrated } from "../../../components/use-hydrated";
import { copyToClipboard } from "../../../components/clipboard";
import { showToast } from "../../../components/toast";
import { COPIED_LINK, COPY_FAILED } from "./lookup-values";
import type { loadFindUser, loadSignupLink, ProfileView } from "./users-route.server";

function LookupForm(props: { id: string; label: string; name: string; type: "text" | "email"; input: string; error: string | null; submit: string; formLabel: string }) {
  const errorId = `${props.id}-error`;
  return (
    <Form method="get" className="admin-lookup-form" aria-label={props.formLabel}>
      <div className="field">
        <label htmlFor={props.id}>{props.label}</label>
        <input
          id={props.id}
          name={props.name}
          type={props.type}
          defaultValue={props.input}
          key={props.input}
          autoComplete="off"
          maxLength={props.type === "email" ? 254 : 100}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
        <div id={errorId} className="field-errors" aria-live="polite">
          {props.error ? <p className="field-error">{props.error}</p> : null}
        </div>
      </div>
      <button type="submit" className="button primary">
        {props.submit}
      </button>
    </Form>
  );
}

export function FindUserPage() {
  const data = useLoaderData<typeof loadFindUser>() as SerializeFrom<typeof loadFindUser>;
  return (
    <section aria-labelledby="find-user-title" className="stack">
      <div className="page-header">
        <h1 id="find-user-title">Get User By UUID</h1>
      </div>
      <div className="admin-lookup-forms">
        <LookupForm id="find-user-uuid" formLabel="Find user by UUID" label="UUID" name="uuid" type="text" input={data.uuid.input} error={data.uuid.error} submit="Find by UUID" />
        <LookupForm id="find-user-email" formLabel="Find user by email" label="Email" name="email" type="email" input={data.email.input} error={data.email.error} submit="Find by Email" />
      </div>
      {data.message ? (
        <p className="admin-lookup-message" role="alert">
          {data.message}
        </p>
      ) : null}
      {data.profile ? <Profile profile={data.profile} /> : null}
    </section>
  );
}

function Profile({ profile }: { profile: ProfileView }) {
  return (
    <section aria-labelledby="found-user-title" className="admin-lookup-result">
      <h2 id="found-user-title">{profile.name}</h2>
      <dl className="details-list">
        <dt>Email</dt>
        <dd>{profile.email}</dd>
        <dt>UUID</dt>
        <dd>
          <code>{profile.userId}</code>
        </dd>
        <dt>Provider ID</dt>
        <dd>
          <code>{profile.practitionerId}</code>
        </dd>
        <dt>Role</dt>
        <dd>{profile.role}</dd>
        <dt>Groups</dt>
        <dd>{profile.groups.length ? profile.groups.join(", ") : "None"}</dd>
        <dt>Organization</dt>
        <dd>
          {profile.organization.name} <span className="muted">({profile.organization.timezone}; {profile.organization.products.join(", ") || "no products"})</span>
        </dd>
        <dt>Organization ID</dt>
        <dd>
          <code>{profile.organization.id}</code>
        </dd>
        <dt>Locations</dt>
        <dd>{profile.locations.length ? profile.locations.join(", ") : "None"}</dd>
      </dl>
    </section>
  );
}

export function SignupLinkPage() {
  const data = useLoaderData<typeof loadSignupLink>() as SerializeFrom<typeof loadSignupLink>;
  const { invite } = data;
  return (
    <section aria-labelledby="signup-link-title" className="stack">
      <div className="page-header">
        <h1 id="signup-link-title">Get Provider Signup Link</h1>
      </div>
      <LookupForm id="signup-email" formLabel="Find invitation by email" label="Email" name="email" type="email" input={data.email.input} error={data.email.error} submit="Get Signup Link" />
      {data.message ? (
        <p className="admin-lookup-message" role="alert">
          {data.message}
        </p>
      ) : null}
      {invite ? (
        <section aria-labelledby="invite-title" className="admin-lookup-result">
          <h2 id="invite-title">
            {invite.firstName} {invite.lastName}
          </h2>
          <dl className="details-list">
            <dt>firstName</dt>
            <dd>{invite.firstName}</dd>
            <dt>lastName</dt>
            <dd>{invite.lastName}</dd>
            <dt>email</dt>
            <dd>{invite.email}</dd>
            <dt>inviteCode</dt>
            <dd>{invite.inviteCode ? <code>{invite.inviteCode}</code> : "None (never invited)"}</dd>
            <dt>hasAccount</dt>
            <dd>{invite.hasAccount ? "Yes" : "No"}</dd>
            <dt>Signup link</dt>
            <dd>{invite.link ? <CopyLink link={invite.link} /> : "No link: the provider has no invite code."}</dd>
          </dl>
        </section>
      ) : null}
    </section>
  );
}

function CopyLink({ link }: { link: string }) {
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      await copyToClipboard(link);
      showToast({ type: "success", message: COPIED_LINK });
    } catch {
      showToast({ type: "error", message: COPY_FAILED });
    }
  };
  return (
    <span className="copy-link">
      <a href={link}>{link}</a>
      {hydrated ? (
        <button type="button" className="button small" onClick={copy}>
          Copy link
        </button>
      ) : null}
    </span>
  );
}
