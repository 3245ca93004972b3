import { describe, expect, it } from "vitest";
import { organizationSchema, NAME_REQUIRED, NAME_TOO_LONG } from "../forms/organization";
import {
  DETAILS_UPDATED,
  deleteLogoHref,
  editDialogStep,
  LOGO_DELETE_FAILED,
  LOGO_UPLOAD_FAILED,
  logoFailedMessage,
  logoRefusal,
  ORGANIZATION_UPDATE_FAILED,
  uploadFailure,
} from "./organization-details";

describe("the spec's messages (001 §8), verbatim", () => {
  it("are the product's words", () => {
    expect(DETAILS_UPDATED).toBe("Successfully updated organization details.");
    expect(logoFailedMessage("file must be a PNG image")).toBe("Failed to upload logo - file must be a PNG image");
    expect(LOGO_UPLOAD_FAILED).toBe("Something went wrong uploading your image, please try again.");
    expect(LOGO_DELETE_FAILED).toBe("Something went wrong deleting your image, please try again.");
    expect(ORGANIZATION_UPDATE_FAILED).toBe("Something went wrong editing the org, please refresh and try again.");
  });
});

describe("a refused logo and a failed call as the dialog's message and status", () => {
  it("the portal's refusals: 413 for a file over 5 MB, 400 otherwise, in 'Failed to upload logo - …'", () => {
    expect(logoRefusal("too-large")).toEqual({ message: "Failed to upload logo - The image file must be at most 5 MB.", status: 413 });
    expect(logoRefusal("not-png")).toEqual({ message: "Failed to upload logo - The logo must be a PNG image.", status: 400 });
    expect(logoRefusal("too-many-pixels").status).toBe(400);
    expect(logoRefusal("corrupt").status).toBe(400);
  });

  it("the API's 4xx with its message; a 5xx or no answer the spec's retry message (502)", () => {
    expect(uploadFailure({ status: 400, message: "file must be at most 5 MB" })).toEqual({ message: "Failed to upload logo - file must be at most 5 MB", status: 400 });
    expect(uploadFailure({ status: 403, message: "Forbidden" })).toEqual({ message: "Failed to upload logo - Forbidden", status: 403 });
    expect(uploadFailure({ status: 500, message: "boom" })).toEqual({ message: LOGO_UPLOAD_FAILED, status: 502 });
    expect(uploadFailure({ status: 0, message: "The service did not answer." })).toEqual({ message: LOGO_UPLOAD_FAILED, status: 502 });
  });
});

describe("the dialog's URLs", () => {
  it("asks before deleting a logo, at its own URL, and only when there is one", () => {
    expect(deleteLogoHref()).toBe("/organization/details/?dialog=edit-organization&confirm=delete-logo");
    const params = new URL(deleteLogoHref(), "http://x").searchParams;
    expect(editDialogStep(params, true)).toBe("confirm-delete-logo");
    expect(editDialogStep(params, false)).toBe("edit");
    expect(editDialogStep(new URLSearchParams("dialog=edit-organization"), true)).toBe("edit");
  });
});

describe("the organization form's schema (001 §5)", () => {
  it("requires a name ('Name is required'), trimmed, at most 200 characters; the logo is the image pipeline's", () => {
    expect(organizationSchema.safeParse({ name: "  Clinic  " })).toMatchObject({ success: true, data: { name: "Clinic" } });
    expect(organizationSchema.safeParse({}).error?.issues[0]?.message).toBe(NAME_REQUIRED);
    expect(organizationSchema.safeParse({ name: "   " }).error?.issues[0]?.message).toBe(NAME_REQUIRED);
    expect(organizationSchema.safeParse({ name: "x".repeat(201) }).error?.issues[0]?.message).toBe(NAME_TOO_LONG);
    expect(organizationSchema.safeParse({ name: "x", logo: new File([], "") }).success).toBe(true);
  });
});
