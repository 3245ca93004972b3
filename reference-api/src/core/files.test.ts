import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/harness.js";
import { createFileStore } from "./files.js";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

it("serves a file read before from memory while its row is unchanged, and the new bytes once any process wrote it", async () => {
  const files = createFileStore(api.db);
  await files.put("t/one.json", '{"a":1}', "application/json");
  const first = await files.get("t/one.json");
  expect(first?.data.toString()).toBe('{"a":1}');
  // The same bytes, not read again.
  expect((await files.get("t/one.json"))?.data).toBe(first?.data);
  // Written behind this store's back (another API process, a migration): its row version changed.
  await api.db.query("UPDATE files SET data = convert_to('{\"a\":2}', 'UTF8') WHERE key = $1", ["t/one.json"]);
  expect((await files.get("t/one.json"))?.data.toString()).toBe('{"a":2}');
  await files.put("t/one.json", '{"a":3}', "application/json");
  expect((await files.get("t/one.json"))?.data.toString()).toBe('{"a":3}');
  await files.remove("t/one.json");
  expect(await files.get("t/one.json")).toBeUndefined();
  await api.db.query("INSERT INTO files (key, content_type, data) VALUES ($1, 'text/plain', convert_to('x', 'UTF8'))", ["t/one.json"]);
  expect((await files.get("t/one.json"))?.data.toString()).toBe("x");
});

it("keeps at most its budget of bytes, the least recently read going first; a file over the budget is not kept", async () => {
  const files = createFileStore(api.db, 10);
  for (const k of ["a", "b", "c"]) await files.put(`t/${k}`, k.repeat(4), "text/plain");
  const a = (await files.get("t/a"))!.data;
  const b = (await files.get("t/b"))!.data;
  expect((await files.get("t/a"))!.data).toBe(a); // a read again: b is now the least recent
  await files.get("t/c"); // 12 bytes with a and b: b goes
  expect((await files.get("t/a"))!.data).toBe(a);
  expect((await files.get("t/b"))!.data).not.toBe(b);
  await files.put("t/big", "x".repeat(11), "text/plain");
  const big = (await files.get("t/big"))!.data;
  expect((await files.get("t/big"))!.data).not.toBe(big);
  expect(big.toString()).toBe("x".repeat(11));
});
