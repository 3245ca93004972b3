/**
 * `/organization/providers/`: the organization's Providers (001 §2.8) inside the Your Organization layout.
 * Tabs `?tab=invited` (Current Users by default); dialogs at URLs (admins only): `?dialog=invite`,
 * `?dialog=edit&provider={id}`, `?dialog=delete&provider={id}`; posts by `intent` (invite, edit, delete,
 * resend). The loader and action live in the area.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadProviders, providersAction } from "../areas/organization/providers/providers-route.server";
import { ProvidersPage } from "../areas/organization/providers/providers-page";
import providersStyles from "../areas/organization/providers/providers.css";

export const meta: MetaFunction = () => [{ title: "Providers | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: providersStyles }];

export const loader = loadProviders;
export const action = providersAction;

export default function OrganizationProvidersRoute() {
  return <ProvidersPage data={useLoaderData<typeof loader>()} />;
}
