/**
 * The program builder's specs (programs-builder*.spec.ts): templates and exercises through the provider API,
 * and the builder's parts by role.
 */
import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import type { components } from "../../../openapi/provider-api.js";
import type { apiAs } from "./stack.js";
import { waitForRouterIdle } from "./a11y.js";
import { jsEnabled } from "../fixtures.js";

export type Api = Awaited<ReturnType<typeof apiAs>>;
export type Program = components["schemas"]["Program"];

export const BUILDER = "/programs/templates/builder/";

/** Exercises of the demo library: measured by time, by reps, by range of motion (and reps). */
export const PENDULUM = "Pendulum Circles";
export const ROTATION = "Shoulder External Rotation with Theraband";
export const FLEXION = "Standing Shoulder Flexion";

export const tag = () => randomUUID().slice(0, 8);

export async function exerciseIds(api: Api, names: string[]): Promise<string[]> {
  const r = await api.GET("/v3/exercises", { params: { query: { completeness: "COMPLETE" } } });
  if (!r.data) throw new Error(`exercises: ${r.response.status}`);
  return names.map((n) => {
    const e = r.data!.find((x) => x.name === n);
    if (!e) throw new Error(`no exercise ${n}`);
    return e.id;
  });
}

/** A template of the user's organization: a reps exercise and a timed one. */
export async function createTemplate(api: Api, name: string, fields: { dailyFrequency?: number; weeklyFrequency?: number } = {}): Promise<Program> {
  const [rotation, pendulum] = await exerciseIds(api, [ROTATION, PENDULUM]);
  const r = await api.POST("/v2/health/hep-templates", {
    body: {
      name,
      notes: "Made by the E2E test.",
      dailyFrequency: fields.dailyFrequency ?? 3,
      weeklyFrequency: fields.weeklyFrequency ?? 5,
      blocks: [
        { exerciseId: rotation!, sideOfBody: "LEFT", numSets: 2, setGoal: { goalType: "REPS", reps: 12 } },
        { exerciseId: pendulum!, sideOfBody: null, numSets: 1, setGoal: { goalType: "TIME", time: 30 } },
      ],
    },
  });
  if (!r.data) throw new Error(`template: ${r.response.status} ${JSON.stringify(r.error)}`);
  return r.data;
}

export async function templatesNamed(api: Api, name: string): Promise<Program[]> {
  const r = await api.GET("/v2/health/hep-templates", { params: { query: { search: name } } });
  if (!r.data) throw new Error(`templates: ${r.response.status}`);
  return r.data.filter((t) => t.name === name);
}

export async function patientPrograms(api: Api, patientRecordId: string): Promise<Program[]> {
  const r = await api.GET("/v2/health/patients/{id}/heps", { params: { path: { id: patientRecordId } } });
  if (!r.data) throw new Error(`heps: ${r.response.status}`);
  return r.data;
}

/** The builder's full-screen dialog. */
export const builderDialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/** The sidebar's list of the program's exercises. */
export const programList = (page: Page) => page.getByRole("list", { name: "Program exercises" });

/** The exercises of the sidebar's list, as their groups' legends ("01 Pendulum Circles"). */
export const blockNames = (list: Locator) => list.getByRole("listitem").locator("legend");

/** Step 2: search the grid for an exercise and add it. */
export async function addExercise(page: Page, name: string) {
  const grid = page.getByRole("region", { name: "Select exercise" });
  await grid.getByLabel("Search exercises").fill(name);
  // The exercise may be on the grid before the search (its first page): wait for the search's own answer, or
  // the Add below races it — with JavaScript the router's fetch, without it the next document's load (a click
  // does not wait for the navigation it starts: the old page would be counted while it is being replaced).
  const loaded = jsEnabled() ? null : page.waitForEvent("load");
  await grid.getByRole("button", { name: "Search", exact: true }).click();
  await loaded;
  await waitForRouterIdle(page);
  await expect(grid.getByRole("list", { name: "Exercises to add" }).getByRole("heading", { name, exact: true })).toBeVisible();
  const count = await blockNames(programList(page)).count();
  await grid.getByRole("button", { name: `Add ${name}`, exact: true }).click();
  await expect(blockNames(programList(page))).toHaveCount(count + 1);
  await expect(blockNames(programList(page)).last()).toHaveText(new RegExp(`^\\d\\d ${name}$`));
}
