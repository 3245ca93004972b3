import { describe, expect, it } from "vitest";
import { requestUrl } from "./request-url";

const at = (url: string) => requestUrl(new Request(url)).href;

describe("requestUrl", () => {
  it("gives a document request's URL as it is", () => {
    expect(at("http://portal/patients/?page=2")).toBe("http://portal/patients/?page=2");
    expect(at("http://portal/patients/p1/health/overview")).toBe("http://portal/patients/p1/health/overview");
  });

  it("strips a data request's suffix, with and without the trailing slash", () => {
    expect(at("http://portal/patients/_.data?page=2")).toBe("http://portal/patients/?page=2");
    expect(at("http://portal/_.data")).toBe("http://portal/");
    expect(at("http://portal/patients/p1/health/overview.data?from=2026-01-01")).toBe("http://portal/patients/p1/health/overview?from=2026-01-01");
  });

  it("drops React Router's own parameters and keeps the page's", () => {
    expect(at("http://portal/rtm-billing/cycles-by-month/_.data?month=2026-10&_routes=root%2Croutes%2F_app")).toBe("http://portal/rtm-billing/cycles-by-month/?month=2026-10");
    expect(at("http://portal/programs/templates/_.data?index&search=knee")).toBe("http://portal/programs/templates/?search=knee");
    expect(at("http://portal/x/?index=3")).toBe("http://portal/x/?index=3");
  });
});
