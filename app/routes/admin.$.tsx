/**
 * `/admin/*`: the admin area's pages (003 §2) as placeholders until the admin issue builds them; a path that
 * is not one of them is not found (inside the admin shell). The layout (routes/admin.tsx) has already
 * refused non-admin users.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isAdminType } from "../auth/roles";
import { requireRole } from "../auth/user.server";
import { adminPageTitle } from "../areas/admin/admin-pages";
import { AdminPlaceholder } from "../areas/admin/admin-placeholder";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Admin"} | Exer Provider Portal` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, isAdminType);
  const title = adminPageTitle(new URL(request.url).pathname);
  if (!title) throw data(null, { status: 404 });
  return { title };
}

export default function AdminPage() {
  const { title } = useLoaderData<typeof loader>();
  return <AdminPlaceholder title={title} />;
}
