/**
 * `/admin/scan/client-versions/`: Scan Client Versions (003 §2) and 'Edit Scan Version' (`?edit={versionId}`).
 * Loader and action in app/areas/admin/client-versions/client-versions-route.server.ts.
 */
import { clientVersionsAction, loadClientVersions } from "../areas/admin/client-versions/client-versions-route.server";
import { ClientVersionsPage } from "../areas/admin/client-versions/client-versions-page";
import styles from "../areas/admin/client-versions/client-versions.css?url";
import type { Route } from "./+types/admin.scan.client-versions";

export const meta = (): Route.MetaDescriptors => [{ title: "Scan Client Versions | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: styles }];

export const loader = loadClientVersions;
export const action = clientVersionsAction;

export default function AdminClientVersionsRoute({ loaderData }: Route.ComponentProps) {
  return <ClientVersionsPage data={loaderData} />;
}
