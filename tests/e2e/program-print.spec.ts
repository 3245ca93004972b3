/**
 * The printable program (001 "print gives a printable program"; the Program card's Print): a page for paper
 * with the patient, the program's frequency and notes, and each exercise with its image, side, sets, goal and
 * instructions. Only a program assigned to a patient the user can see: another program id, or a user of
 * another organization, gets the not-found page. Both projects.
 */
import { test, expect, expectAccessible } from "./fixtures.js";
import { apiAs, demo, PRACTITIONER } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { createPatient } from "./helpers/patient-detail.js";

const RESEARCH = demo("research@research.example");

async function programFor(patientId: string) {
  const api = await apiAs(PRACTITIONER.email);
  const { data: exercises } = await api.GET("/v3/exercises", { params: { query: { completeness: "COMPLETE" } } });
  const reps = exercises!.find((e) => e.exerciseMetrics.some((m) => m.metric === "REPS") && e.thumbnailUrl)!;
  const rom = exercises!.find((e) => e.exerciseMetrics.some((m) => m.metric === "ROM") && e.id !== reps.id)!;
  const { data: program, error } = await api.POST("/v2/health/heps", {
    body: {
      name: `Print ${patientId.slice(0, 6)}`,
      notes: "Stop if the pain is above 5 out of 10.",
      dailyFrequency: 2,
      weeklyFrequency: 4,
      blocks: [
        { exerciseId: reps.id, sideOfBody: "LEFT", numSets: 3, setGoal: { goalType: "REPS", reps: 12 } },
        { exerciseId: rom.id, sideOfBody: null, numSets: 1, setGoal: { goalType: "ROM" } },
      ],
    },
  });
  if (error || !program) throw new Error(`create program: ${JSON.stringify(error)}`);
  const assigned = await api.POST("/v2/health/heps/{id}/assignments", { params: { path: { id: program.id } }, body: { patientRecordIds: [patientId], isEdit: false } });
  if (assigned.error) throw new Error(`assign: ${JSON.stringify(assigned.error)}`);
  return { program, reps, rom };
}

test.describe("printable program", () => {
  test("the Program card's Print opens the program on a page for paper", async ({ page }) => {
    const patient = await createPatient(PRACTITIONER.email);
    const { program, reps, rom } = await programFor(patient.id);
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${patient.id}/health/activity/`);
    await expectAccessible(page);
    await page.getByRole("link", { name: `Print ${program.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/programs/${program.id}/print$`));
    await expectAccessible(page);
    await expect(page.getByRole("heading", { level: 1, name: program.name })).toBeVisible();
    await expect(page.getByText("2 times a day, 4 days a week")).toBeVisible();
    await expect(page.getByText("Stop if the pain is above 5 out of 10.")).toBeVisible();
    const items = page.getByRole("list").filter({ has: page.getByRole("heading", { name: reps.name }) }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByRole("heading", { name: reps.name })).toBeVisible();
    await expect(items.nth(0)).toContainText("Left");
    await expect(items.nth(0)).toContainText("12 reps");
    await expect(items.nth(0)).toContainText(reps.action);
    await expect(items.nth(0).locator("img")).toHaveAttribute("src", reps.thumbnailUrl!);
    await expect(items.nth(1).getByRole("heading", { name: rom.name })).toBeVisible();
    await expect(items.nth(1)).toContainText("Range of motion");
    const response = await page.request.get(`/patients/${patient.id}/programs/${program.id}/print`);
    expect(response.headers()["cache-control"]).toBe("no-store");
    await page.getByRole("link", { name: "Back to patient" }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/health/`));
    await expectAccessible(page);
  });

  test("a program not assigned to the patient, or a patient of another organization, is not found", async ({ page }) => {
    const patient = await createPatient(PRACTITIONER.email);
    const other = await createPatient(PRACTITIONER.email);
    const { program } = await programFor(patient.id);
    await useSession(page, PRACTITIONER.email);
    const wrong = await page.goto(`/patients/${other.id}/programs/${program.id}/print`);
    expect(wrong?.status()).toBe(404);
    await expectAccessible(page);
    await expect(page.getByRole("heading", { name: "Program not found" })).toBeVisible();
    await expect(page.getByText(program.name)).toHaveCount(0);

    await page.context().clearCookies();
    await useSession(page, RESEARCH.email);
    const foreign = await page.goto(`/patients/${patient.id}/programs/${program.id}/print`);
    expect(foreign?.status()).toBe(404);
    await expectAccessible(page);
    await expect(page.getByText(program.name)).toHaveCount(0);
    await expect(page.getByText(patient.lastName)).toHaveCount(0);
  });
});
