/**
 * `/organization/providers/`: the organization's Providers (001 §2.8) inside the Your Organization layout.
 * Tabs `?tab=invited` (Current Users by default); dialogs at URLs (admins only): `?dialog=invite`,
 * `?dialog=edit&provider={id}`, `?dialog=delete&provider={id}`; posts by `intent` (invite, edit, delete,
 * resend). The loader and action live in the area.
 */
import { loadProviders, providersAction } from "../areas/organization/providers/providers-route.server";
import { ProvidersPage } from "../areas/organization/providers/providers-page";
import providersStyles from "../areas/organization/providers/providers.css?url";
import type { Route } from "./+types/_app.organization.providers";

export const meta = (): Route.MetaDescriptors => [{ title: "Providers | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: providersStyles }];

export const loader = loadProviders;
export const action = providersAction;

export default function OrganizationProvidersRoute({ loaderData }: Route.ComponentProps) {
  return <ProvidersPage data={loaderData} />;
}
