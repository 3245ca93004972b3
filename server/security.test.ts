import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security";

const base = { nonce: "abc123", https: false, imageOrigins: ["http://localhost:4010"], formActionOrigins: [], development: false };

describe("security headers", () => {
  it("a CSP with the nonce, no inline scripts, no framing", () => {
    const csp = contentSecurityPolicy(base);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("img-src 'self' data: blob: http://localhost:4010");
    expect(csp).toContain("media-src 'self' http://localhost:4010");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("HSTS only over https; referrer and permissions policies always", () => {
    expect(securityHeaders(base)["Strict-Transport-Security"]).toBeUndefined();
    const secure = securityHeaders({ ...base, https: true, formActionOrigins: ["https://sso.example.com"] });
    expect(secure["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(secure["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    expect(secure["Content-Security-Policy"]).toContain("form-action 'self' https://sso.example.com");
    expect(secure["Referrer-Policy"]).toBe("same-origin");
    expect(secure["Permissions-Policy"]).toContain("camera=()");
    expect(secure["X-Frame-Options"]).toBe("DENY");
  });

  it("styles: this origin's stylesheets and the nonce's <style>, no 'unsafe-inline' (ADR 024 §13)", () => {
    const csp = contentSecurityPolicy(base);
    const styleSrc = csp.split("; ").find((d) => d.startsWith("style-src "));
    expect(styleSrc).toBe("style-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-hashes");
    expect(csp.split("; ").some((d) => d.startsWith("style-src-attr"))).toBe(false);
  });

  it("development keeps inline styles for Vite's injected CSS (and then no style nonce, which would void it)", () => {
    const styleSrc = contentSecurityPolicy({ ...base, development: true }).split("; ").find((d) => d.startsWith("style-src "));
    expect(styleSrc).toBe("style-src 'self' 'unsafe-inline'");
  });

  it("violations are reported: report-to with its Reporting-Endpoints group, report-uri as the fallback", () => {
    const headers = securityHeaders(base);
    const directives = headers["Content-Security-Policy"]!.split("; ");
    expect(directives).toContain("report-to csp");
    expect(directives).toContain("report-uri /csp-report");
    expect(headers["Reporting-Endpoints"]).toBe('csp="/csp-report"');
  });
});
