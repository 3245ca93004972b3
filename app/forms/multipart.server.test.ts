import { describe, expect, it } from "vitest";
import { MAX_PART_HEADER_BYTES, MAX_URLENCODED_FIELDS, readLimitedForm, type FormLimits } from "./multipart.server";

const URL_ = "http://portal.test/upload";
const LIMITS: FormLimits = { maxFileBytes: 1000, maxFieldBytes: 100, maxBodyBytes: 20_000, maxParts: 8 };
const BOUNDARY = "----portal-test-boundary";

/** A body the way a browser sends it (undici's FormData body has no Content-Length header: read as it streams). */
function posted(entries: [string, string | File][]): Request {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return new Request(URL_, { method: "POST", body: form });
}
const file = (size: number, name = "a.csv") => new File([new Uint8Array(size).fill(65)], name, { type: "text/csv" });

/** A multipart body written by hand, with the parts' headers as given. */
function rawMultipart(parts: { headers: string; body: string }[], headers: Record<string, string> = {}): Request {
  const body = parts.map((p) => `--${BOUNDARY}\r\n${p.headers}\r\n\r\n${p.body}\r\n`).join("") + `--${BOUNDARY}--\r\n`;
  return new Request(URL_, { method: "POST", body, headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers } });
}

/** A body that streams `chunks` and counts how many were pulled (no Content-Length: like a chunked request). */
function streamed(chunks: Uint8Array[], contentType: string, headers: Record<string, string> = {}) {
  const state = { pulled: 0 };
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  }, { highWaterMark: 0 }); // pulled only when read
  const request = new Request(URL_, { method: "POST", body, headers: { "Content-Type": contentType, ...headers }, duplex: "half" } as RequestInit);
  return { request, state };
}

describe("readLimitedForm: multipart", () => {
  it("reads the text fields and a file within the limits", async () => {
    const read = await readLimitedForm(posted([["name", "Clinic"], ["file", file(1000)], ["product", "GAIT"]]), LIMITS);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.get("name")).toBe("Clinic");
    expect(read.form.get("product")).toBe("GAIT");
    const kept = read.form.get("file");
    expect(kept).toBeInstanceOf(File);
    expect((kept as File).size).toBe(1000);
    expect((kept as File).name).toBe("a.csv");
    expect((kept as File).type).toBe("text/csv");
    expect(await (kept as File).text()).toBe("A".repeat(1000));
    expect([...read.oversized]).toEqual([]);
  });

  it("drops a file over its limit but keeps the fields before and after it, and names it in `oversized`", async () => {
    const read = await readLimitedForm(posted([["intent", "upload"], ["file", file(1001)], ["name", "Typed Name"]]), LIMITS);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.get("file")).toBeNull();
    expect(read.form.get("intent")).toBe("upload");
    expect(read.form.get("name")).toBe("Typed Name");
    expect([...read.oversized]).toEqual(["file"]);
  });

  it("drops a text field over its limit (UTF-8 bytes) and names it, keeping the rest in order", async () => {
    const read = await readLimitedForm(posted([["a", "1"], ["long", "x".repeat(101)], ["b", "2"], ["wide", "é".repeat(51)], ["fits", "é".repeat(50)]]), LIMITS);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect([...read.form.keys()]).toEqual(["a", "b", "fits"]);
    expect(read.form.get("fits")).toBe("é".repeat(50));
    expect([...read.oversized].sort()).toEqual(["long", "wide"]);
  });

  it("keeps an empty file input as the browser sends it (an empty file with no name)", async () => {
    const read = await readLimitedForm(
      rawMultipart([
        { headers: 'Content-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream', body: "" },
        { headers: 'Content-Disposition: form-data; name="product"', body: "HEALTH" },
      ]),
      LIMITS,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const empty = read.form.get("file");
    expect(empty).toBeInstanceOf(File);
    expect([(empty as File).name, (empty as File).size]).toEqual(["", 0]);
    expect(read.form.get("product")).toBe("HEALTH");
  });

  it("refuses a declared Content-Length over maxBodyBytes before reading the body", async () => {
    const { request, state } = streamed([new TextEncoder().encode("--x\r\n")], "multipart/form-data; boundary=x", { "Content-Length": String(LIMITS.maxBodyBytes + 1) });
    expect(await readLimitedForm(request, LIMITS)).toEqual({ ok: false, reason: "too-large" });
    expect(state.pulled).toBe(0);
  });

  it("refuses a body whose parts add up to more than maxBodyBytes as it reads it (no Content-Length)", async () => {
    // Each file is within its own limit but the body is not: nothing is kept.
    const limits = { ...LIMITS, maxFileBytes: 9000 };
    expect(await readLimitedForm(posted([["a", file(9000)], ["b", file(9000)], ["c", file(9000)]]), limits)).toEqual({ ok: false, reason: "too-large" });
    // Dropped parts count too.
    expect(await readLimitedForm(posted([["a", file(12_000)], ["b", file(12_000)]]), LIMITS)).toEqual({ ok: false, reason: "too-large" });
  });

  it("stops reading a streamed body at maxBodyBytes", async () => {
    const head = new TextEncoder().encode(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`);
    const chunks = [head, ...Array.from({ length: 100 }, () => new Uint8Array(1000).fill(66))];
    const { request, state } = streamed(chunks, "multipart/form-data; boundary=x");
    expect(await readLimitedForm(request, LIMITS)).toEqual({ ok: false, reason: "too-large" });
    expect(state.pulled).toBeLessThanOrEqual(23); // 20 000 bytes of content, not the 100 000 sent
  });

  it("refuses more than maxParts parts, and a part's headers over MAX_PART_HEADER_BYTES", async () => {
    const many = posted(Array.from({ length: 9 }, (_, i) => [`f${i}`, "v"] as [string, string]));
    expect(await readLimitedForm(many, LIMITS)).toEqual({ ok: false, reason: "too-large" });
    const eight = posted(Array.from({ length: 8 }, (_, i) => [`f${i}`, "v"] as [string, string]));
    expect((await readLimitedForm(eight, LIMITS)).ok).toBe(true);
    const files = posted(Array.from({ length: 9 }, (_, i) => [`f${i}`, file(1)] as [string, File]));
    expect(await readLimitedForm(files, LIMITS)).toEqual({ ok: false, reason: "too-large" });
    const longHeader = rawMultipart([{ headers: `Content-Disposition: form-data; name="a"; filename="${"n".repeat(MAX_PART_HEADER_BYTES)}.csv"`, body: "x" }]);
    expect(await readLimitedForm(longHeader, { ...LIMITS, maxBodyBytes: 100_000 })).toEqual({ ok: false, reason: "too-large" });
  });

  it("calls a broken multipart body unreadable (no boundary, no headers, not finished, not UTF-8)", async () => {
    const noHeaders = new Request(URL_, { method: "POST", body: "--x\r\nno headers here", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(await readLimitedForm(noHeaders, LIMITS)).toEqual({ ok: false, reason: "unreadable" });
    const noBoundary = new Request(URL_, { method: "POST", body: "a=1", headers: { "Content-Type": "multipart/form-data" } });
    expect(await readLimitedForm(noBoundary, LIMITS)).toEqual({ ok: false, reason: "unreadable" });
    const unfinished = new Request(URL_, { method: "POST", body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue`, headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(await readLimitedForm(unfinished, LIMITS)).toEqual({ ok: false, reason: "unreadable" });
    const bytes = new Uint8Array([...new TextEncoder().encode(`--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n`), 0xff, 0xfe, ...new TextEncoder().encode("\r\n--x--\r\n")]);
    const notUtf8 = new Request(URL_, { method: "POST", body: bytes, headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(await readLimitedForm(notUtf8, LIMITS)).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("readLimitedForm: other bodies", () => {
  it("reads an urlencoded form as an ordinary form (no per-field limit, no part limit of the multipart form)", async () => {
    const fields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, "v"]));
    const read = await readLimitedForm(new Request(URL_, { method: "POST", body: new URLSearchParams({ intent: "delete-logo", note: "x".repeat(500), ...fields }) }), LIMITS);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.get("intent")).toBe("delete-logo");
    expect(read.form.get("note")).toBe("x".repeat(500));
    expect([...read.form.keys()]).toHaveLength(32);
    expect([...read.oversized]).toEqual([]);
  });

  it("refuses an urlencoded body over maxBodyBytes, declared or streamed, and one of more than MAX_URLENCODED_FIELDS fields", async () => {
    const declared = streamed([new TextEncoder().encode("a=1")], "application/x-www-form-urlencoded", { "Content-Length": String(LIMITS.maxBodyBytes + 1) });
    expect(await readLimitedForm(declared.request, LIMITS)).toEqual({ ok: false, reason: "too-large" });
    expect(declared.state.pulled).toBe(0);
    const chunk = new TextEncoder().encode(`a=${"x".repeat(998)}`);
    const big = streamed(Array.from({ length: 100 }, () => chunk), "application/x-www-form-urlencoded");
    expect(await readLimitedForm(big.request, LIMITS)).toEqual({ ok: false, reason: "too-large" });
    expect(big.state.pulled).toBeLessThanOrEqual(22);
    const many = new URLSearchParams(Array.from({ length: MAX_URLENCODED_FIELDS + 1 }, (_, i) => [`f${i}`, "v"]));
    expect(await readLimitedForm(new Request(URL_, { method: "POST", body: many }), { ...LIMITS, maxBodyBytes: 100_000 })).toEqual({ ok: false, reason: "too-large" });
  });

  it("calls any other body unreadable without reading it", async () => {
    for (const type of ["text/plain", "application/json", ""]) {
      const { request, state } = streamed([new TextEncoder().encode("a=1")], type);
      expect(await readLimitedForm(request, LIMITS)).toEqual({ ok: false, reason: "unreadable" });
      expect(state.pulled).toBe(0);
    }
  });
});
