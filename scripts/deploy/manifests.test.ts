import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { find, portalSettings, readManifests, staticChecks } from "./manifests.js";

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
