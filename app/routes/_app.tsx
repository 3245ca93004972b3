/**
 * The signed-in part of the portal. Every page under this layout requires a user with a known role; the
 * layout is the shell's slot (sidebar, header, filters come here), and it warns before the inactivity logoff.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth/user.server";
import { isAdminType } from "../auth/roles";
import { InactivityWarning } from "../ui/inactivity-warning";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return {
    user: {
      userId: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      isAdminType: isAdminType(user.role),
      organization: { name: user.organization.name, products: user.organization.products, webLogoUrl: user.organization.webLogoUrl },
    },
  };
}

export default function AppLayout() {
  useLoaderData<typeof loader>();
  return (
    <div className="app-layout">
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <InactivityWarning />
    </div>
  );
}
