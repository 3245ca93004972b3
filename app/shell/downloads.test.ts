import { describe, expect, it } from "vitest";
import { DOWNLOAD_FAILED } from "./downloads";
import { failedDownloadMessage, fileNameOf } from "./download-file";

describe("download links with JavaScript", () => {
  it("show the server's message of a failed download (002 §8), else the generic words", async () => {
    expect(await failedDownloadMessage(Response.json({ message: "No pose logs available" }, { status: 404 }))).toBe("No pose logs available");
    expect(await failedDownloadMessage(new Response("<html>", { status: 502 }))).toBe(DOWNLOAD_FAILED);
    expect(await failedDownloadMessage(Response.json({ message: " " }, { status: 500 }))).toBe(DOWNLOAD_FAILED);
  });
  it("save the file under the server's name", () => {
    expect(fileNameOf('attachment; filename="pose-log-1.json"')).toBe("pose-log-1.json");
    expect(fileNameOf("attachment; filename=\"a.csv\"; filename*=UTF-8''Scan%20report%20%E2%80%93%201.csv")).toBe("Scan report – 1.csv");
    expect(fileNameOf("attachment; filename=plain.pdf")).toBe("plain.pdf");
    expect(fileNameOf("inline")).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
