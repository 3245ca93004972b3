/**
 * The program and template builder (spec 001 §2.2, §4 "Builder" and "Publishing", §5, §8): a template built
 * from scratch, reordered (drag and drop with JavaScript, Move up / Move down without), published, duplicated
 * and edited; the validation messages at their fields with the input kept; Discard Changes; a double submit
 * of Publish; another organization's template. Each test creates its own data (unique names).
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { PRACTITIONER, apiAs } from "./helpers/stack.js";
import { expectToast } from "./helpers/ui.js";
import { useSession } from "./helpers/session.js";
import type { Api } from "./helpers/patient-data.js";

const BUILDER = "/programs/templates/builder/";

let api: Api;

test.beforeAll(async () => {
  api = await apiAs(PRACTITIONER.email);
});

test.beforeEach(async ({ page }) => {
  await useSession(page, PRACTITIONER);
});

const tag = () => randomUUID().slice(0, 8);

async function templatesNamed(name: string) {
  const r = await api.GET("/v2/health/hep-templates", { params: { query: { search: name } } });
  if (!r.data) throw new Error(`templates: ${r.response.status}`);
  return r.data.filter((t) => t.name === name);
}

async function exerciseIds(names: string[]): Promise<string[]> {
  const r = await api.GET("/v3/exercises", { params: { query: { completeness: "COMPLETE" } } });
  if (!r.data) throw new Error("exercises");
  return names.map((n) => r.data!.find((e) => e.name === n)!.id);
}

const builder = (page: Page, name: string) => page.getByRole("dialog", { name });

/** Step 2: search the grid for an exercise and add it. */
async function addExercise(page: Page, name: string) {
  const dialog = page.getByRole("dialog").first();
  await dialog.getByLabel("Search exercises").fill(name);
  await dialog.getByRole("button", { name: "Search", exact: true }).click();
  await expect(dialog.getByRole("article", { name, exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: `Add ${name}`, exact: true }).click();
  await expect(dialog.getByRole("group", { name: new RegExp(`^\\d\\d ${name}$`) })).toHaveCount(1);
}

/** The exercises of the sidebar's list, as their groups' names ("01 Pendulum Circles"). */
const blockNames = (list: Locator) => list.getByRole("listitem").locator("legend");

const PENDULUM = "Pendulum Circles";
const ROTATION = "Shoulder External Rotation with Theraband";
const FLEXION = "Standing Shoulder Flexion";

test("builds a template from scratch with three exercises, reorders them and publishes it", async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E Template ${tag()}`;
  await page.goto(`${BUILDER}?action=create-template`);
  await expectAccessible(page);
  const dialog = builder(page, "New Program Template");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Steps" }).getByRole("listitem")).toHaveText(["1 Information", "2 Exercises", "3 Summary"]);
  await expect(dialog.getByLabel("Daily frequency")).toHaveValue("3");
  await expect(dialog.getByLabel("Weekly frequency")).toHaveValue("5");
  await expect(dialog.getByText("Or build a program from scratch")).toBeVisible();

  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Notes").fill("Slow and steady.");
  await dialog.getByLabel("Daily frequency").selectOption("2");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=2/);
  await expectAccessible(page);

  await addExercise(page, PENDULUM);
  await addExercise(page, ROTATION);
  await addExercise(page, FLEXION);
  const list = dialog.getByRole("list", { name: "Program exercises" });
  await list.getByRole("group", { name: `01 ${PENDULUM}` }).getByLabel("Time", { exact: true }).fill("45");
  await expect(list.getByRole("listitem")).toHaveCount(3);

  // Flexion to the top: drag with the keyboard (dnd-kit's keyboard sensor) or two Move up posts.
  if (jsEnabled()) {
    // Each step waits for its screen-reader announcement (the sensor listens once the item is picked up).
    const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
    const handle = list.getByRole("button", { name: `Reorder ${FLEXION}` });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await announced(`${FLEXION} is over position 3 of 3.`);
    await page.keyboard.press("ArrowUp");
    await announced(`${FLEXION} is over position 2 of 3.`);
    await page.keyboard.press("ArrowUp");
    await announced(`${FLEXION} is over position 1 of 3.`);
    await page.keyboard.press("Space");
  } else {
    await list.getByRole("button", { name: `Move up ${FLEXION}` }).click();
    await expectAccessible(page);
    await list.getByRole("button", { name: `Move up ${FLEXION}` }).click();
    await expectAccessible(page);
  }
  await expect(blockNames(list)).toHaveText([`01 ${FLEXION}`, `02 ${PENDULUM}`, `03 ${ROTATION}`]);

  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=3/);
  await expectAccessible(page);
  await expect(dialog.getByRole("heading", { name: "Program Template Summary" })).toBeVisible();
  await expect(dialog.getByRole("table").getByRole("rowheader")).toHaveText([FLEXION, PENDULUM, ROTATION]);

  await dialog.getByRole("button", { name: "Publish Template" }).click();
  await expect(page.getByRole("heading", { name: "Your Program Template is ready!" })).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByText("You can use this template as a starter for future programs")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Template List" })).toHaveAttribute("href", "/programs/templates/");
  await expect(page.getByRole("link", { name: "Assign Programs Now" })).toHaveAttribute("href", "/patients/");
  await expectToast(page, `Successfully created ${name}.`);

  const [saved] = await templatesNamed(name);
  expect(saved).toMatchObject({ notes: "Slow and steady.", dailyFrequency: 2, weeklyFrequency: 5 });
  expect(saved!.blocks.map((b) => b.exerciseId)).toEqual(await exerciseIds([FLEXION, PENDULUM, ROTATION]));
  expect(saved!.blocks.map((b) => [b.numSets, b.setGoal])).toEqual([
    [1, { goalType: "ROM", reps: null, time: 0 }],
    [1, { goalType: "TIME", reps: null, time: 45 }],
    [3, { goalType: "REPS", reps: 10, time: null }],
  ]);
});
