/**
 * `/home/`: the dashboard (000 §2.5). The greeting renders at once; the activity cards (GET
 * v2/dashboards/actions) stream in when their data arrives: the loader returns the call as a promise and the
 * page renders it with `<Suspense><Await>` behind a skeleton. Scan-only users get the welcome and no call.
 * (Browsers that run no scripts get the whole page at once: see app/shell/scripting.ts.)
 */
import { Await, type ShouldRevalidateFunction } from "react-router";
import { Suspense } from "react";
import { getDashboardActions } from "../api/dashboard.server";
import { getApi } from "../api/user-api.server";
import { canManageOrganizationAs } from "../auth/roles";
import { currentUser } from "../auth/current-user.server";
import { DashboardActions, DashboardError, DashboardSkeleton, ScanOnlyWelcome } from "../areas/home/dashboard";
import { dashboardNeedsActions } from "../areas/home/rules";
import { FILTER_ACTION } from "../shell/filter";
import dashboardStyles from "../areas/home/dashboard.css?url";
import type { Route } from "./+types/_app.home";

export const meta = (): Route.MetaDescriptors => [{ title: "Home | Exer Provider Portal" }];

export const links = () => [{ rel: "stylesheet", href: dashboardStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const viewer = { products: user.organization.products, canInviteTeam: canManageOrganizationAs(user.role) };
  return {
    firstName: user.firstName,
    viewer,
    timeZone: user.organization.timezone,
    // Not awaited: streamed to the page when it resolves (a failed call resolves to { error }).
    actions: dashboardNeedsActions(viewer) ? getDashboardActions(getApi(request, context)) : null,
  };
}

/** The cards do not depend on the global filter: saving it does not reload them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === FILTER_ACTION ? false : defaultShouldRevalidate;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { firstName, viewer, timeZone, actions } = loaderData;
  return (
    <section className="dashboard" aria-labelledby="dashboard-greeting">
      <h1 id="dashboard-greeting">Hi {firstName}</h1>
      {actions === null ? (
        <ScanOnlyWelcome />
      ) : (
        <Suspense fallback={<DashboardSkeleton />}>
          <Await resolve={actions} errorElement={<DashboardError message={null} />}>
            {(result) => (result.error ? <DashboardError message={result.error.message} /> : <DashboardActions actions={result.data} viewer={viewer} timeZone={timeZone} />)}
          </Await>
        </Suspense>
      )}
    </section>
  );
}
