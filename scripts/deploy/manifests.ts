/**
 * deploy/kubernetes/ as Kubernetes would apply it — the production overlay rendered (kustomize.ts) — and its static
 * checks: what podman cannot exercise (the Service, the PodDisruptionBudget, the HorizontalPodAutoscaler, the
 * NetworkPolicies, the Ingress, the monitoring objects) is checked here for consistency with the Deployment, and
 * the settings against the portal's configuration schema and the README. Used by scripts/deploy/verify.ts and
 * manifests.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { kustomize, readYamlDocs, type Manifest } from "./kustomize.js";

/** PostgreSQL connections one portal replica (one process, WEB_CONCURRENCY=1) may hold: the throttle's pool of 4
 * (app/auth/throttle.server.ts), the revocation store's 4 (app/auth/revocation.server.ts), the deep health check's 1
 * (server/health.ts). */
const PG_CONNECTIONS_PER_REPLICA = 9;

export const MANIFEST_DIR = join(PROJECT_ROOT, "deploy", "kubernetes");
export const PRODUCTION_OVERLAY = join(MANIFEST_DIR, "overlays", "production");

// A loose view of the objects: only what the checks read.
export type K8sObject = Manifest;

export const readYaml = readYamlDocs;

/** The production overlay rendered (or another kustomization directory). */
export function readManifests(dir = PRODUCTION_OVERLAY): { objects: K8sObject[] } {
  return { objects: kustomize(dir) };
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
  APP_RELEASE: "the build label's release defaults to the image's own (BUILD_RELEASE at build time, else its commit): set only to override it",
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
  // Every replica the HPA may start opens its pools at once: PostgreSQL must admit them all (README "Sizing").
  const pgArgs = ((pg?.spec?.template?.spec?.containers?.[0]?.args ?? []) as string[]).join(" ");
  const maxConnections = Number(/max_connections=(\d+)/.exec(pgArgs)?.[1] ?? 100);
  const needed = (hpa?.spec?.maxReplicas ?? 0) * PG_CONNECTIONS_PER_REPLICA;
  check("PostgreSQL admits the HPA's most replicas' connections", !pg || needed <= maxConnections - 5, `${hpa?.spec?.maxReplicas} replicas × ${PG_CONNECTIONS_PER_REPLICA} = ${needed} of max_connections ${maxConnections} (5 kept for the backup job and an operator)`);
  const secretKeys = new Set<string>((c?.env ?? []).filter((e: { valueFrom?: { secretKeyRef?: unknown } }) => e.valueFrom?.secretKeyRef).map((e: { name: string }) => e.name));
  const configured = new Set([...Object.keys(cm?.data ?? {}), ...secretKeys]);
  const missing = portalSettings().filter((k) => !configured.has(k) && !(k in NOT_IN_CONFIGMAP) && !/^(LIVE_CHAT|ERROR_REPORTING)_/.test(k) && k !== "ANALYTICS_URL");
  check("every setting of the portal is in the ConfigMap or a Secret (or listed as left out, with why)", missing.length === 0, missing.length ? `missing: ${missing.join(", ")}` : `${configured.size} set`);
  check("SESSION_SECRETS and THROTTLE_DATABASE_URL from a Secret, not the ConfigMap", secretKeys.has("SESSION_SECRETS") && secretKeys.has("THROTTLE_DATABASE_URL") && !("SESSION_SECRETS" in (cm?.data ?? {})));
  check("no Secret with values in the install: the Secrets exist before it (secrets.example.yaml)", !objects.some((o) => o.kind === "Secret"), objects.filter((o) => o.kind === "Secret").map((o) => o.metadata.name).join(", "));

  // Issue 33: probes that hold under load, the image pinned, the packaged install's parts.
  const rp = c?.readinessProbe ?? {};
  const lp = c?.livenessProbe ?? {};
  check("readiness and liveness tolerate a slow answer: failureThreshold ≥ 3, timeoutSeconds ≥ 5", rp.failureThreshold >= 3 && lp.failureThreshold >= 3 && rp.timeoutSeconds >= 5 && lp.timeoutSeconds >= 5, `readiness ${rp.timeoutSeconds} s × ${rp.failureThreshold}, liveness ${lp.timeoutSeconds} s × ${lp.failureThreshold}`);
  const image = String(c?.image ?? "");
  check("the portal's image is a release of the clinic's registry, not CHANGE or latest", /^[\w.-]+(:\d+)?\/[\w./-]+(@sha256:[0-9a-f]{64}|:(?!latest$)(?!CHANGE)[\w.-]+)$/.test(image), image);
  const ns = objects.find((o) => o.kind === "Namespace");
  const psa = ns?.metadata.labels ?? {};
  check("a Namespace enforcing the restricted Pod Security Standard, holding every object", psa["pod-security.kubernetes.io/enforce"] === "restricted" && objects.every((o) => o.kind === "Namespace" || o.metadata.namespace === ns?.metadata.name), `${ns?.metadata.name}: ${Object.entries(psa).map(([k, v]) => `${k.split("/")[1]}=${v}`).join(", ")}`);
  const sa = find(objects, "ServiceAccount", pod.spec.serviceAccountName);
  check("the portal runs as its own ServiceAccount, without an API token", !!sa && sa.automountServiceAccountToken === false && pod.spec.automountServiceAccountToken === false, `${pod.spec.serviceAccountName}`);
  const restricted = podSpecsOf(objects).every(({ spec }) => spec.securityContext?.runAsNonRoot === true && (spec.containers as any[]).every((x) => x.securityContext?.allowPrivilegeEscalation === false && (x.securityContext?.capabilities?.drop ?? []).includes("ALL")) && (spec.securityContext?.seccompProfile?.type === "RuntimeDefault" || (spec.containers as any[]).every((x) => x.securityContext?.seccompProfile?.type === "RuntimeDefault"))); // eslint-disable-line @typescript-eslint/no-explicit-any
  check("every pod meets the restricted standard (non-root, no escalation, no capabilities, seccomp)", restricted, podSpecsOf(objects).map((p) => p.name).join(", "));
  const ing = find(objects, "Ingress", "exer-portal");
  const ingBackend = ing?.spec?.rules?.[0]?.http?.paths?.[0]?.backend?.service;
  const host = ing?.spec?.rules?.[0]?.host;
  check(
    "a TLS Ingress (cert-manager) for PUBLIC_URL's host, to the portal's Service",
    !!ing && !!ing.metadata.annotations?.["cert-manager.io/cluster-issuer"] && ing.spec.tls?.[0]?.hosts?.includes(host) && !!ing.spec.tls?.[0]?.secretName && ingBackend?.name === svc?.metadata.name && cm?.data?.PUBLIC_URL === `https://${host}`,
    `${host} → ${ingBackend?.name}:${ingBackend?.port?.name ?? ingBackend?.port?.number}; PUBLIC_URL ${cm?.data?.PUBLIC_URL}`,
  );
  const sm = find(objects, "ServiceMonitor", "exer-portal");
  const metricsSvc = objects.find((o) => o.kind === "Service" && sm && matches(sm.spec.selector.matchLabels, o.metadata.labels));
  check("a ServiceMonitor scraping the metrics port of every portal pod", !!sm && !!metricsSvc && matches(metricsSvc.spec.selector, labels) && metricsSvc.spec.ports.some((p: { targetPort: string; name: string }) => p.targetPort === "metrics" && sm.spec.endpoints.some((e: { port: string }) => e.port === p.name)), metricsSvc?.metadata.name ?? "no Service");
  const metricsFrom = (np?.spec?.ingress ?? []).filter((r: { ports?: { port: number }[] }) => (r.ports ?? []).some((p) => p.port === 9464));
  check("the metrics port admitted from the monitoring namespace only", metricsFrom.length === 1 && metricsFrom[0].from?.length === 1 && metricsFrom[0].from[0].namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"] === "monitoring" && !(np?.spec?.ingress ?? []).some((r: { ports?: { port: number }[] }) => !r.ports));
  const rules = (find(objects, "PrometheusRule", "exer-portal")?.spec?.groups ?? []).flatMap((g: { rules: { alert: string; expr: string }[] }) => g.rules);
  const alertOn = (re: RegExp) => rules.some((r: { expr: string }) => re.test(r.expr));
  const wanted: [string, RegExp][] = [
    ["portal down", /\bup\{/],
    ["provider API down", /dependency="provider_api"/],
    ["PostgreSQL down", /dependency="postgres"/],
    ["fail-open revocation", /portal_session_revocation_store_failures_total/],
    ["error rate", /status=~"5\.\."/],
    ["latency", /histogram_quantile\(.*portal_http_request_duration_seconds_bucket/s],
  ];
  const missingAlerts = wanted.filter(([, re]) => !alertOn(re)).map(([n]) => n);
  check("PrometheusRule alerts: portal down, provider API down, PostgreSQL down, fail-open revocation, error rate, latency", missingAlerts.length === 0, missingAlerts.length ? `missing ${missingAlerts.join(", ")}` : `${rules.length} alerts`);
  const dash = find(objects, "ConfigMap", "exer-portal-dashboard");
  const panels = (() => {
    try {
      return (JSON.parse(String(Object.values(dash?.data ?? {})[0] ?? "{}")) as { panels?: unknown[] }).panels?.length ?? 0;
    } catch {
      return 0;
    }
  })();
  check("a Grafana dashboard (JSON in a ConfigMap labelled for Grafana's sidecar)", !!dash && dash.metadata.labels?.grafana_dashboard === "1" && panels > 5, `${panels} panels`);
  const otel = cm?.data ?? {};
  check("traces to the collector, parent-based, a tenth sampled", !!otel.OTEL_EXPORTER_OTLP_ENDPOINT && otel.OTEL_TRACES_SAMPLER === "parentbased_traceidratio" && Number(otel.OTEL_TRACES_SAMPLER_ARG) > 0 && Number(otel.OTEL_TRACES_SAMPLER_ARG) <= 0.1, `${otel.OTEL_EXPORTER_OTLP_ENDPOINT} ${otel.OTEL_TRACES_SAMPLER} ${otel.OTEL_TRACES_SAMPLER_ARG}`);
  const backup = find(objects, "CronJob", "exer-postgres-backup");
  const backupCmd = JSON.stringify(backup?.spec?.jobTemplate?.spec?.template?.spec?.containers?.[0]?.command ?? []);
  check("a PostgreSQL backup CronJob (pg_dump) onto a volume of its own", !!backup && /pg_dump/.test(backupCmd) && !!find(objects, "PersistentVolumeClaim", "exer-postgres-backup"), backup?.spec?.schedule ?? "");
  return out;
}

/** Every pod template of the objects, named. */
export function podSpecsOf(objects: K8sObject[]): { name: string; spec: any }[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  return objects.flatMap((o) => {
    const spec = o.kind === "CronJob" ? o.spec?.jobTemplate?.spec?.template?.spec : ["Deployment", "StatefulSet", "DaemonSet", "Job"].includes(o.kind) ? o.spec?.template?.spec : o.kind === "Pod" ? o.spec : undefined;
    return spec ? [{ name: `${o.kind}/${o.metadata.name}`, spec }] : [];
  });
}
