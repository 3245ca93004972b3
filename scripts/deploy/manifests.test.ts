import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { find, portalSettings, PRODUCTION_OVERLAY, readManifests, readYaml, staticChecks } from "./manifests.js";

describe("deploy/kubernetes", () => {
  const { objects } = readManifests();

  it("passes every static check (what podman kube play cannot exercise: Service, PDB, HPA, NetworkPolicy, settings)", () => {
    const failed = staticChecks(objects).filter((c) => !c.ok);
    expect(failed).toEqual([]);
  });

  it("reads the portal's settings from its configuration schema", () => {
    const keys = portalSettings();
    for (const k of ["PROVIDER_API_URL", "SESSION_SECRETS", "THROTTLE_DATABASE_URL"]) expect(keys).toContain(k);
  });

  it("documents every ConfigMap setting in the README", () => {
    const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
    const undocumented = Object.keys(find(objects, "ConfigMap", "exer-portal-config")!.data!).filter((k) => !readme.includes(`\`${k}\``) && !readme.includes(`${k}\``));
    expect(undocumented).toEqual([]);
  });

  it("fails a manifest without readiness, with one replica or with the session secret in the ConfigMap", () => {
    const broken = structuredClone(objects);
    const deploy = find(broken, "Deployment", "exer-portal")!;
    deploy.spec.replicas = 1;
    delete deploy.spec.template.spec.containers[0].readinessProbe;
    find(broken, "ConfigMap", "exer-portal-config")!.data!.SESSION_SECRETS = "x".repeat(40);
    const failed = staticChecks(broken).filter((c) => !c.ok).map((c) => c.check);
    expect(failed).toEqual(expect.arrayContaining(["≥ 2 replicas", "startup and liveness probes on /healthz, readiness on /readyz", "SESSION_SECRETS and THROTTLE_DATABASE_URL from a Secret, not the ConfigMap"]));
  });
});

describe("the ConfigMap as the portal reads it", () => {
  it("is a valid production configuration with the Secret's keys (empty values as Kubernetes passes them: set, empty)", async () => {
    const { loadConfig } = await import("../../app/config.server.js");
    const { objects } = readManifests();
    const data = find(objects, "ConfigMap", "exer-portal-config")!.data!;
    const result = loadConfig({ ...data, COGNITO_USER_POOL_ID: "us-east-1_AbC123", COGNITO_CLIENT_ID: "abc123", SESSION_SECRETS: "q3ZtV0m1Yx8JbP2cL7eKs9RfW4uHnA6dGi5oTjE1xCw", THROTTLE_DATABASE_URL: "postgres://portal:9f86d081884c7d659a2feaa0c55ad015@exer-postgres:5432/portal" });
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
});

describe("the packaged install (issue 33)", () => {
  it("validates every rendered object, and the secrets example's, against the Kubernetes schemas offline", async () => {
    const { validateAgainstSchemas } = await import("./schemas.js");
    const { objects } = readManifests();
    expect(await validateAgainstSchemas(objects)).toEqual([]);
    const example = readYaml(join(PRODUCTION_OVERLAY, "secrets.example.yaml"));
    expect(example.map((o) => o.kind)).toEqual(["ExternalSecret", "ExternalSecret", "SealedSecret"]);
    expect(await validateAgainstSchemas(example)).toEqual([]);
    const broken = structuredClone(objects);
    find(broken, "Deployment", "exer-portal")!.spec.replicas = "3";
    delete find(broken, "Service", "exer-portal")!.spec.ports[0].port;
    const problems = (await validateAgainstSchemas(broken)).sort().reverse();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^Service\/exer-portal: data\/spec\/ports\/0 must have required property .?port/);
    expect(problems[1]).toBe("Deployment/exer-portal: data/spec/replicas must be integer");
  });

  it("fails an install without probes' tolerance, with a CHANGE tag, without TLS, alerts or a restricted namespace", () => {
    const broken = structuredClone(readManifests().objects);
    const portal = find(broken, "Deployment", "exer-portal")!.spec.template.spec.containers[0];
    portal.readinessProbe.failureThreshold = 1;
    portal.image = "registry.clinic.example/exer-portal:CHANGE";
    delete find(broken, "Ingress", "exer-portal")!.metadata.annotations!["cert-manager.io/cluster-issuer"];
    find(broken, "PrometheusRule", "exer-portal")!.spec.groups[0].rules = [];
    find(broken, "Namespace")!.metadata.labels = {};
    const failed = staticChecks(broken).filter((c) => !c.ok).map((c) => c.check.split(":")[0]!.split(" (")[0]);
    expect(failed).toEqual([
      "readiness and liveness tolerate a slow answer",
      "the portal's image is a release of the clinic's registry, not CHANGE or latest",
      "a Namespace enforcing the restricted Pod Security Standard, holding every object",
      "a TLS Ingress",
      "PrometheusRule alerts",
    ]);
  });

  it("renders the overlay: namespace, release image, production sizes merged by container name, the dashboard generated", () => {
    const { objects } = readManifests();
    const deploy = find(objects, "Deployment", "exer-portal")!;
    expect(deploy.metadata.namespace).toBe("exer-portal");
    expect(deploy.spec.replicas).toBe(3);
    expect(deploy.spec.template.spec.containers.map((c: { name: string; image: string }) => `${c.name} ${c.image}`)).toEqual(["portal registry.clinic.example/exer-portal:1.0.0"]);
    expect(deploy.spec.template.spec.containers[0].readinessProbe.httpGet.path).toBe("/readyz"); // kept by the merge
    expect(find(objects, "Namespace")!.metadata.namespace).toBeUndefined();
    expect(find(objects, "ConfigMap", "exer-portal-dashboard")!.metadata.labels).toMatchObject({ grafana_dashboard: "1" });
  });

  it("sizes the HPA from README's sizing and PostgreSQL for the HPA's most replicas", () => {
    const objects = structuredClone(readManifests().objects);
    const hpa = find(objects, "HorizontalPodAutoscaler", "exer-portal")!;
    expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([3, 25]);
    const pg = find(objects, "StatefulSet", "exer-postgres")!.spec.template.spec.containers[0];
    expect(pg.args).toEqual(["postgres", "-c", "max_connections=250"]);
    expect(pg.readinessProbe.exec.command[0]).toBe("pg_isready"); // kept by the merge
    const check = "PostgreSQL admits the HPA's most replicas' connections";
    expect(staticChecks(objects).find((c) => c.check.startsWith(check))?.ok).toBe(true);
    hpa.spec.maxReplicas = 30; // 270 connections
    expect(staticChecks(objects).find((c) => c.check.startsWith(check))?.ok).toBe(false);
  });

  it("the renderer merges lists of named items by name and refuses what it does not know", async () => {
    const { strategicMerge, kustomize } = await import("./kustomize.js");
    expect(strategicMerge({ c: [{ name: "a", x: 1, y: 1 }, { name: "b" }] }, { c: [{ name: "a", x: 2 }, { name: "n" }] })).toEqual({ c: [{ name: "a", x: 2, y: 1 }, { name: "b" }, { name: "n" }] });
    expect(strategicMerge({ args: ["a", "b"] }, { args: ["c"] })).toEqual({ args: ["c"] });
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "kustomize-"));
    writeFileSync(join(dir, "kustomization.yaml"), "resources: []\nreplicas: [{name: x, count: 2}]\n");
    expect(() => kustomize(dir)).toThrow(/replicas not supported/);
  });
});
