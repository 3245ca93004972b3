/**
 * Every rendered object validated offline against the Kubernetes API's schemas (issue 33): the `kubernetes-models`
 * packages carry the OpenAPI schemas of Kubernetes' own kinds and of the CRDs used here (Prometheus Operator,
 * External Secrets, Sealed Secrets) as compiled validators. They catch a wrong type, a missing required field or a
 * bad enum value; not an unknown field (the schemas allow them), which the static checks (manifests.ts) cover for
 * what the portal reads.
 */
import type { Manifest } from "./kustomize.js";

const PACKAGES: Record<string, string> = {
  "monitoring.coreos.com": "@kubernetes-models/prometheus-operator",
  "external-secrets.io": "@kubernetes-models/external-secrets",
  "bitnami.com": "@kubernetes-models/sealed-secrets",
};

/** The module of an apiVersion/kind: `kubernetes-models/apps/v1/Deployment`, `…/v1/Service` for the core group. */
export function modelModule(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["", apiVersion];
  const pkg = group && PACKAGES[group] ? PACKAGES[group] : "kubernetes-models";
  return `${pkg}/${group ? `${group}/` : ""}${version}/${kind}`;
}

/** Problems of each object ("Kind/name: message"); empty when every one is valid. */
export async function validateAgainstSchemas(objects: Manifest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const o of objects) {
    const id = `${o.kind}/${o.metadata?.name}`;
    let Model: new (data: unknown) => { validate(): void };
    try {
      const mod = (await import(modelModule(o.apiVersion, o.kind))) as Record<string, new (data: unknown) => { validate(): void }>;
      Model = mod[o.kind]!;
      if (!Model) throw new Error("no model");
    } catch {
      problems.push(`${id}: no schema for ${o.apiVersion} ${o.kind}`);
      continue;
    }
    try {
      new Model(o).validate();
    } catch (e) {
      problems.push(`${id}: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  return problems;
}
