/**
 * The replay viewer (issue 12; spec 002 §2 "Replay viewer", §4, §5): as the scan-only admin, a session with a pose
 * log replays — with JavaScript on the canvas (play advances, pause stops, next / previous step, an insight link
 * jumps to its frame), without it as server-rendered frame images stepped by links; a session older than 2.18.0
 * is refused; the hands demo replays the sample hands log; the telehealth pages open. Both projects.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, PRACTITIONER, SCAN_ONLY } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import type { components } from "../../openapi/provider-api.js";

type ScanSession = components["schemas"]["ScanSession"];

const REFUSED = "Cannot replay for sessions < 2.18.0";
let withLog: ScanSession;
let old: ScanSession;
let oldWithoutLog: ScanSession | undefined;
let handsOnly: ScanSession;

const atLeast = (v: string, min: string) => {
  const a = v.split(".").map(Number);
  const b = min.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
};

test.beforeAll(async () => {
  const api = await apiAs(SCAN_ONLY.email);
  const { data } = await api.GET("/v2/scan/sessions/pages", { params: { query: { page: 1, limit: 999 } } });
  const items = data?.items ?? [];
  withLog = items.find((s) => s.artifacts.includes("pose-log") && atLeast(s.session.meta.scanVersion, "2.18.0"))!;
  const logOf = (s: ScanSession) => s.artifacts.includes("pose-log") || s.artifacts.includes("hands-log");
  old = items.find((s) => !atLeast(s.session.meta.scanVersion, "2.18.0") && logOf(s))!;
  oldWithoutLog = items.find((s) => !atLeast(s.session.meta.scanVersion, "2.18.0") && !logOf(s));
  expect(withLog, "the scan-only organization has a session with a pose log").toBeTruthy();
  expect(old, "and one with a log recorded before 2.18.0").toBeTruthy();
  // A tremor session with a hands log only (the practitioner's organization records them).
  const tremors = await (await apiAs(PRACTITIONER.email)).GET("/v2/scan/sessions/pages", { params: { query: { page: 1, limit: 999, assessmentIds: ["AST-0031"] } } });
  handsOnly = (tremors.data?.items ?? []).find((s) => s.artifacts.includes("hands-log") && !s.artifacts.includes("pose-log") && atLeast(s.session.meta.scanVersion, "2.18.0"))!;
  expect(handsOnly, "a session of 2.18.0 or later with a hands log only").toBeTruthy();
});

const frameStatus = (page: Page) => page.getByText(/^Frame: \d+ \/ \d+$/);
async function frameNumber(page: Page): Promise<{ n: number; total: number }> {
  const m = /^Frame: (\d+) \/ (\d+)$/.exec((await frameStatus(page).textContent()) ?? "");
  return { n: Number(m?.[1]), total: Number(m?.[2]) };
}

test("a session with a pose log replays: canvas with JavaScript, frame images without", async ({ page }) => {
  await useSession(page, SCAN_ONLY);
  await page.goto(`/scan/sessions/${withLog.id}/replay`);
  await expect(page.getByRole("heading", { name: "Session Replay", level: 1 })).toBeVisible();
  // Only a browser that runs scripts is sent the log's preload (without them the page shows frame images).
  await expect(page.locator(`link[rel="preload"][as="fetch"][href*="pose-log.json"]`)).toHaveCount(jsEnabled() ? 1 : 0);
  await expect(frameStatus(page)).toHaveText(/^Frame: 1 \/ \d+$/);
  await expect(page.getByText(/^Phase: STANDING$/)).toBeVisible();
  const insight = page.getByRole("link", { name: /^Left cycle start: frame \d+$/ });
  const insightFrame = Number(/(\d+)$/.exec((await insight.getAttribute("aria-label")) ?? "")?.[1]);

  if (jsEnabled()) {
    const canvas = page.getByRole("img", { name: "Skeleton replay" });
    await expect(canvas).toBeVisible();
    const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! < 200 || d[i + 1]! < 200) n++;
      return n;
    });
    expect(inked, "the skeleton is drawn").toBeGreaterThan(100);
    // The page preloads the log's stream from its head and the viewer takes that request up: one request, the stream's.
    const logRequests = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname + new URL(e.name).search).filter((u) => u.includes("pose-log")));
    expect(logRequests).toEqual([`/scan/sessions/${withLog.id}/pose-log.json?stream=1`]);
    await expectAccessible(page);
    // The phase marks' labels under the slider never cover one another (issue 34: "TURN" over "LAP 2" at 390 px), at
    // a phone's, a tablet's and a laptop's widths.
    const labels = page.getByRole("list", { name: "Phases" }).getByRole("button");
    await expect(labels).toHaveCount(4);
    for (const width of [390, 768, 1024, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      const boxes = await labels.evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? "", r: el.getBoundingClientRect().toJSON() as DOMRect })));
      const covered = boxes.flatMap((a, i) =>
        boxes.slice(i + 1).filter((b) => a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom).map((b) => `"${a.text}" and "${b.text}"`),
      );
      expect(covered, `phase labels that cover each other at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Play" }).click();
    await expect.poll(async () => (await frameNumber(page)).n, { message: "play advances the frame" }).toBeGreaterThan(10);
    await page.getByRole("button", { name: "Pause" }).click();
    // Read once the pause is rendered (a frame drawn just before the click may still be on its way to the status).
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    const paused = (await frameNumber(page)).n;
    await page.waitForTimeout(300);
    expect((await frameNumber(page)).n, "pause stops").toBe(paused);
    await page.getByRole("button", { name: "Next frame" }).click();
    await expect(frameStatus(page)).toHaveText(new RegExp(`^Frame: ${paused + 1} /`));
    await page.getByRole("button", { name: "Previous frame" }).click();
    await expect(frameStatus(page)).toHaveText(new RegExp(`^Frame: ${paused} /`));
    await page.keyboard.press("ArrowRight");
    await expect(frameStatus(page)).toHaveText(new RegExp(`^Frame: ${paused + 1} /`));
    await insight.click();
    await expect(frameStatus(page)).toHaveText(new RegExp(`^Frame: ${insightFrame} /`));
    // A phase mark's line under the slider is where the slider puts its frame (issue 25: they sat 25–38 px left):
    // the slider clicked at the mark's line shows that frame (± 2 frames: a pixel is ~1.5 frames here).
    const { total } = await frameNumber(page);
    // The viewer reads its log as a stream of frames (ADR 048): a header line with the frame count, then a line per frame.
    const stream = await page.request.get(`/scan/sessions/${withLog.id}/pose-log.json`, { headers: { Accept: "application/x-ndjson, application/json;q=0.9" } });
    expect(stream.headers()["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    const lines = (await stream.text()).trimEnd().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ kind: "pose", frameCount: total });
    expect(lines).toHaveLength(total + 1);
    const mark = page.getByRole("button", { name: /^LAP 2: frame \d+$/ });
    const markFrame = Number(/(\d+)$/.exec((await mark.getAttribute("aria-label")) ?? "")?.[1]);
    const box = (await mark.boundingBox())!;
    // The line is the label's left border (2 px), or its right border for a mark in the right half, whose label
    // points left so it is not cut at the end (issue 34).
    const pointsLeft = await mark.evaluate((el) => !!el.closest("li")?.classList.contains("replay-mark-end"));
    const lineX = pointsLeft ? box.x + box.width - 1 : box.x + 1;
    const slider = (await page.getByRole("slider", { name: "Frame" }).boundingBox())!;
    await page.mouse.click(lineX, slider.y + slider.height / 2);
    const clicked = (await frameNumber(page)).n;
    expect(Math.abs(clicked - markFrame), `the slider at the LAP 2 mark (frame ${markFrame} of ${total}) shows frame ${clicked}`).toBeLessThanOrEqual(2);
    await page.getByRole("link", { name: "Live Results" }).click();
    await expect(page.getByRole("link", { name: "Live Results" })).toHaveAttribute("aria-current", "page");
  } else {
    const image = page.getByRole("img", { name: /^Skeleton at frame 1 \/ \d+, phase STANDING$/ });
    await expect(image).toBeVisible();
    const src = await image.getAttribute("src");
    const svg = await page.request.get(src!);
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    expect(await svg.text()).toContain("<svg");
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth), "the image loads").toBe(900);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(frameStatus(page)).toHaveText(/^Frame: 2 \/ \d+$/);
    await expect(page.getByRole("img", { name: /^Skeleton at frame 2 \// })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole("link", { name: "Live Results" })).toHaveAttribute("href", /[?&]frame=2&tab=results$/);
    await page.getByRole("link", { name: /^Left cycle start: frame \d+$/ }).click();
    await expect(frameStatus(page)).toHaveText(new RegExp(`^Frame: ${insightFrame} /`));
    await expect(page.getByRole("img", { name: new RegExp(`^Skeleton at frame ${insightFrame} /`) })).toBeVisible();
  }
});

test("a session with a hands log only replays its hand joints and offers the hands log (issue 25)", async ({ page }) => {
  await useSession(page, PRACTITIONER);
  await page.goto(`/scan/sessions/${handsOnly.id}/replay`);
  await expect(page.getByRole("heading", { name: "Session Replay", level: 1 })).toBeVisible();
  await expect(page.getByText("No pose logs available")).toHaveCount(0);
  await expect(frameStatus(page)).toHaveText(/^Frame: 1 \/ \d+$/);
  await expect(page.getByText(/^Phase: (RIGHT|LEFT) HAND$/)).toBeVisible();
  await expect(page.getByRole("img", { name: jsEnabled() ? "Hand joints replay" : /^Hand joints at frame 1 \/ \d+/ })).toBeVisible();
  const download = page.getByRole("link", { name: "Download hands log" });
  await expect(download).toHaveAttribute("href", `/scan/sessions/${handsOnly.id}/hands-log.json?download=1`);
  const file = await page.request.get(`/scan/sessions/${handsOnly.id}/hands-log.json?download=1`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toContain(`hands-log-${handsOnly.id}.json`);
  expect(((await file.json()) as { frames: unknown[] }).frames.length).toBeGreaterThan(0);
  await expectAccessible(page);
});

test("a session older than 2.18.0 is refused; one without a log says so first, as the sessions list does (002 §8's order)", async ({ page }) => {
  await useSession(page, SCAN_ONLY);
  await page.goto(`/scan/sessions/${old.id}/replay`);
  await expect(page.getByRole("alert").filter({ hasText: REFUSED })).toBeVisible();
  await expectAccessible(page);
  // Its frames are refused too, with the same words.
  const frame = await page.request.get(`/scan/sessions/${old.id}/frame.svg?frame=1`);
  expect(frame.status()).toBe(403);
  expect(await frame.json()).toEqual({ message: REFUSED });
  if (oldWithoutLog) {
    await page.goto(`/scan/sessions/${oldWithoutLog.id}/replay`);
    await expect(page.getByText("No pose logs available")).toBeVisible();
    await expect(page.getByText(REFUSED)).toHaveCount(0);
  }
});

test("the hands demo replays the sample log; the telehealth pages open", async ({ page }) => {
  await useSession(page, SCAN_ONLY);
  await page.goto("/demo/hands/");
  await expect(page.getByRole("heading", { name: "Hands demo", level: 1 })).toBeVisible();
  await expect(frameStatus(page)).toHaveText("Frame: 1 / 240");
  await expect(page.getByText("Phase: RIGHT HAND")).toBeVisible();
  if (jsEnabled()) {
    await expect(page.getByRole("img", { name: "Hand joints replay" })).toBeVisible();
    await page.getByRole("button", { name: "LEFT HAND: frame 121" }).click();
    await expect(frameStatus(page)).toHaveText("Frame: 121 / 240");
  } else {
    const image = page.getByRole("img", { name: "Hand joints at frame 1 / 240, phase RIGHT HAND" });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth), "the frame image loads").toBe(900);
    // The image is the demo's frame route: any frame of the sample, as SVG.
    expect(await image.getAttribute("src")).toMatch(/^\/demo\/hands\/frame\.svg\?frame=1\b/);
    const frame = await page.request.get("/demo/hands/frame.svg?frame=121");
    expect(frame.headers()["content-type"]).toContain("image/svg+xml");
    expect(await frame.text()).toContain("<svg");
  }
  await expect(page.getByText("Phase: LEFT HAND").or(page.getByRole("link", { name: "LEFT HAND (frame 121)" }))).toBeVisible();
  await expectAccessible(page);

  await page.goto("/telehealth/");
  await expect(page.getByRole("link", { name: "External shoulder rotation" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/telehealth/hands/");
  await expect(page.getByRole("heading", { name: "Telehealth: Hands", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/telehealth/tremors/");
  await expect(page.getByRole("heading", { name: "Recent tremor sessions of your organization" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/telehealth/external-shoulder-rotation/");
  await expect(page.getByRole("heading", { name: "Telehealth: External shoulder rotation", level: 1 })).toBeVisible();
  await expectAccessible(page);
});
