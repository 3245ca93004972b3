/**
 * deploy/kubernetes/ read as Kubernetes would apply it (the resources kustomization.yaml lists), and its static
 * checks: what podman cannot exercise (the Service, the PodDisruptionBudget, the HorizontalPodAutoscaler, the
 * NetworkPolicies) is checked here for consistency with the Deployment, and the settings against the portal's
 * configuration schema and the README. Used by scripts/deploy/verify.ts and manifests.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { PROJECT_ROOT } from "../identity/cognito-local.js";

export const MANIFEST_DIR = join(PROJECT_ROOT, "deploy", "kubernetes");

// A loose view of the objects: only what the checks read.
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: any; data?: Record<string, string>; stringData?: Record<string, string> }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function readYaml(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, "utf8"))
    .map((d) => {
      if (d.errors.length) throw new Error(`${file}: ${d.errors[0]!.message}`);
      return d.toJSON() as K8sObject | null;
    })
    .filter((o): o is K8sObject => !!o);
}

/** The resources of kustomization.yaml, in its order. */
export function readManifests(dir = MANIFEST_DIR): { files: string[]; objects: K8sObject[] } {
  const k = readYaml(join(dir, "kustomization.yaml"))[0] as unknown as { resources: string[] };
  return { files: k.resources, objects: k.resources.flatMap((f) => readYaml(join(dir, f))) };
}

export const find = (objects: K8sObject[], kind: string, name?: string) => objects.find((o) => o.kind === kind && (!name || o.metadata.name === name));

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** The portal's settings: the keys of the configuration schema in app/config.server.ts. */
export function portalSettings(): string[] {
  const src = readFileSync(join(PROJECT_ROOT, "app", "config.server.ts"), "utf8");
  const start = src.indexOf("z.object({");
  const body = src.slice(start, src.indexOf("\n});", start));
  return [...new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!))];
}

/**
 * Settings deliberately left out of the ConfigMap: read only in development or tests, or optional integrations
 * an operator adds with their own values (README "Deploying").
 */
export const NOT_IN_CONFIGMAP: Record<string, string> = {
  IDENTITY_FILE: "development only (data/identity.json)",
  THROTTLE_STORE: "postgres is implied by THROTTLE_DATABASE_URL; local only for a single process",
  INACTIVITY_TIMEOUT_SECONDS: "tests only (INACTIVITY_TIMEOUT_MINUTES is the setting)",
  SSO_IDENTITY_PROVIDER: "optional: the identity provider's name when SSO_DOMAIN is set",
};

export interface Check {
  check: string;
  ok: boolean;
  detail: string;
}

export function staticChecks(objects: K8sObject[]): Check[] {
  const out: Check[] = [];
  const check = (name: string, ok: boolean, detail = "") => out.push({ check: name, ok, detail });
  const deploy = find(objects, "Deployment", "exer-portal");
  check("a Deployment exer-portal", !!deploy);
  if (!deploy) return out;
  const pod = deploy.spec.template;
  const labels = pod.metadata.labels as Record<string, string>;
  const c = (pod.spec.containers as any[]).find((x) => x.name === "portal"); // eslint-disable-line @typescript-eslint/no-explicit-any
  const cm = find(objects, "ConfigMap", "exer-portal-config");
  check("≥ 2 replicas", deploy.spec.replicas >= 2, `replicas ${deploy.spec.replicas}`);
  check("the Deployment's selector matches its pods", matches(deploy.spec.selector.matchLabels, labels));
  check("WEB_CONCURRENCY=1 (one process per pod)", cm?.data?.WEB_CONCURRENCY === "1", `WEB_CONCURRENCY ${cm?.data?.WEB_CONCURRENCY}`);
  check("resources requested and limited", !!c?.resources?.requests?.cpu && !!c?.resources?.requests?.memory && !!c?.resources?.limits?.memory);
  check("startup and liveness probes on /healthz, readiness on /readyz", c?.startupProbe?.httpGet?.path === "/healthz" && c?.livenessProbe?.httpGet?.path === "/healthz" && c?.readinessProbe?.httpGet?.path === "/readyz");
  const drain = Number(cm?.data?.SHUTDOWN_DRAIN_SECONDS ?? 10);
  const hardCap = Number(cm?.data?.SHUTDOWN_TIMEOUT_SECONDS ?? 20);
  const preStopMs = Number(/setTimeout\([^,]+,\s*(\d+)\)/.exec((c?.lifecycle?.preStop?.exec?.command ?? []).join(" "))?.[1] ?? NaN);
  const grace = pod.spec.terminationGracePeriodSeconds as number;
  check("a preStop drain before SIGTERM", preStopMs > 0, `${preStopMs / 1000} s`);
  check("the grace period covers preStop + SHUTDOWN_TIMEOUT_SECONDS (the server's hard cap, which includes its drain)", grace > preStopMs / 1000 + Math.max(hardCap, drain), `${grace} s > ${preStopMs / 1000} + ${hardCap} s`);
  check("non-root, read-only root file system, no privilege escalation, no capabilities", pod.spec.securityContext?.runAsNonRoot === true && c?.securityContext?.readOnlyRootFilesystem === true && c?.securityContext?.allowPrivilegeEscalation === false && (c?.securityContext?.capabilities?.drop ?? []).includes("ALL"));
  const portNames = new Set((c?.ports ?? []).map((p: { name: string }) => p.name));
  check("metrics on their own port (METRICS_PORT), not the public one", cm?.data?.METRICS_PORT === "9464" && portNames.has("metrics") && cm?.data?.PORT !== cm?.data?.METRICS_PORT);
  const svc = find(objects, "Service", "exer-portal");
  check("a Service selecting the portal's pods, on its http port, no session affinity", !!svc && matches(svc.spec.selector, labels) && svc.spec.ports.every((p: { targetPort: string }) => portNames.has(p.targetPort)) && svc.spec.sessionAffinity === "None");
  const pdb = find(objects, "PodDisruptionBudget", "exer-portal");
  check("a PodDisruptionBudget keeping a replica up", !!pdb && matches(pdb.spec.selector.matchLabels, labels) && (pdb.spec.minAvailable ?? 0) >= 1 && (pdb.spec.minAvailable ?? 0) < deploy.spec.replicas);
  const hpa = find(objects, "HorizontalPodAutoscaler", "exer-portal");
  check("a HorizontalPodAutoscaler on the Deployment, never below 2", !!hpa && hpa.spec.scaleTargetRef.kind === "Deployment" && hpa.spec.scaleTargetRef.name === "exer-portal" && hpa.spec.minReplicas >= 2 && hpa.spec.maxReplicas > hpa.spec.minReplicas);
  const np = find(objects, "NetworkPolicy", "exer-portal");
  const egress = (np?.spec?.egress ?? []) as { to?: { podSelector?: { matchLabels?: Record<string, string> }; ipBlock?: { cidr: string }; namespaceSelector?: unknown }[]; ports?: { port: number }[] }[];
  const ports = egress.map((e) => (e.ports ?? []).map((p) => p.port).join("/"));
  check(
    "a NetworkPolicy on the portal's pods: egress to DNS, PostgreSQL, the provider API and the identity service (and the OTLP collector) only",
    !!np && matches(np.spec.podSelector.matchLabels, labels) && np.spec.policyTypes.includes("Egress") && egress.every((e) => (e.to ?? []).length > 0 && (e.ports ?? []).length > 0) && ports.includes("53/53") && ports.includes("5432") && ports.filter((p) => p === "443").length === 2,
    `egress ports ${ports.join(", ")}`,
  );
  const pg = find(objects, "StatefulSet", "exer-postgres");
  const pgSvc = find(objects, "Service", "exer-postgres");
  check("PostgreSQL for the shared stores (a StatefulSet and its Service)", !!pg && !!pgSvc && matches(pgSvc.spec.selector, pg.spec.template.metadata.labels) && pg.spec.serviceName === "exer-postgres");
  const secretKeys = new Set<string>((c?.env ?? []).filter((e: { valueFrom?: { secretKeyRef?: unknown } }) => e.valueFrom?.secretKeyRef).map((e: { name: string }) => e.name));
  const configured = new Set([...Object.keys(cm?.data ?? {}), ...secretKeys]);
  const missing = portalSettings().filter((k) => !configured.has(k) && !(k in NOT_IN_CONFIGMAP) && !/^(LIVE_CHAT|ERROR_REPORTING)_/.test(k) && k !== "ANALYTICS_URL");
  check("every setting of the portal is in the ConfigMap or a Secret (or listed as left out, with why)", missing.length === 0, missing.length ? `missing: ${missing.join(", ")}` : `${configured.size} set`);
  check("SESSION_SECRETS and THROTTLE_DATABASE_URL from a Secret, not the ConfigMap", secretKeys.has("SESSION_SECRETS") && secretKeys.has("THROTTLE_DATABASE_URL") && !("SESSION_SECRETS" in (cm?.data ?? {})));
  return out;
}
