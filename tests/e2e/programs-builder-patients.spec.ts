/**
 * The program builder for a patient (spec 001 §2.2, §4 "Publishing", §8): from the patient detail's Assign
 * Program link, a template assigned directly (step 0 with its preview) or a new program (assigned, and saved as
 * a template too); the patient's program edited from the Program card's edit link (the old one retires); the
 * spec's messages when assigning fails or the patient is out of reach. Each test creates its own patient.
 */
import { randomUUID } from "node:crypto";
import { test, expect, expectAccessible } from "./fixtures.js";
import { PRACTITIONER, apiAs } from "./helpers/stack.js";
import { expectFieldError, expectToast, submitBadInput } from "./helpers/ui.js";
import { useSession } from "./helpers/session.js";
import { createPatient } from "./helpers/patient-detail.js";
import { addExercise, BUILDER, builderDialog, createTemplate, FLEXION, patientPrograms, tag, templatesNamed, type Api } from "./helpers/program-builder.js";

let api: Api;

test.beforeAll(async () => {
  api = await apiAs(PRACTITIONER.email);
});

test.beforeEach(async ({ page }) => {
  await useSession(page, PRACTITIONER);
});

const programCard = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Program", exact: true });

test("assigns a template from the patient detail's Assign Program link, with a preview", async ({ page }) => {
  test.setTimeout(90_000);
  const template = await createTemplate(api, `E2E Assign ${tag()}`);
  const patient = await createPatient(PRACTITIONER.email);
  await page.goto(`/patients/${patient.id}/`);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Assign Program" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?action=assign&patientRecordId=${patient.id}$`));
  await expectAccessible(page);
  const dialog = builderDialog(page, "Assign Program");
  await expect(dialog.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link")).toHaveText(["Patient List", "Patient Details"]);
  await expect(dialog.getByText(`For ${patient.firstName} ${patient.lastName}`)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Assign to Patient" })).toBeDisabled();
  await expect(dialog.getByRole("link", { name: "New Program", exact: true })).toBeVisible();

  await dialog.getByRole("link", { name: template.name }).click();
  await expect(page).toHaveURL(new RegExp(`preview=${template.id}`));
  await expectAccessible(page);
  const preview = dialog.getByRole("region", { name: "Preview", exact: true });
  await expect(preview.getByRole("heading", { name: template.name })).toBeVisible();
  await expect(preview.getByText("3 times a day, 5 days a week")).toBeVisible();
  await expect(preview.getByText("Made by the E2E test.")).toBeVisible();
  await expect(preview.getByRole("row").nth(1)).toContainText("12 reps");
  await expect(preview.getByRole("row").nth(2)).toContainText("30 s");

  await dialog.getByRole("button", { name: "Assign to Patient" }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/`));
  await expectAccessible(page);
  await expectToast(page, "Program successfully assigned.");
  await expect(programCard(page).getByRole("link", { name: template.name, exact: true })).toBeVisible();
  const programs = await patientPrograms(api, patient.id);
  expect(programs).toHaveLength(1);
  expect(programs[0]).toMatchObject({ name: template.name, isTemplate: false, templateId: template.id });
  expect(programs[0]!.id).not.toBe(template.id);
});

test("edits the patient's program from the Program card: the new version replaces it", async ({ page }) => {
  test.setTimeout(120_000);
  const template = await createTemplate(api, `E2E Program ${tag()}`);
  const patient = await createPatient(PRACTITIONER.email);
  const assigned = await api.POST("/v2/health/patients/{id}/assignments", { params: { path: { id: patient.id } }, body: { hepId: template.id, shouldRetireHeps: false } });
  const old = assigned.data![0]!;
  await page.goto(`/patients/${patient.id}/`);
  await expectAccessible(page);
  await programCard(page).getByRole("link", { name: `Edit ${old.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`action=edit-program&patientRecordId=${patient.id}&hepId=${old.id}`));
  await expectAccessible(page);
  const dialog = builderDialog(page, "Edit Program");
  const renamed = `${old.name} v2`;
  await dialog.getByLabel("Name").fill(renamed);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expectAccessible(page);
  await expect(dialog.getByRole("heading", { name: "Program Summary" })).toBeVisible();
  await expect(dialog.getByText(`${patient.firstName} ${patient.lastName}`, { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/`));
  await expectAccessible(page);
  await expectToast(page, "Successfully updated or assigned Program. This patient will be notified about their updated Program.");
  await expect(programCard(page).getByRole("link", { name: renamed, exact: true })).toBeVisible();
  await expect(programCard(page).getByRole("link", { name: old.name, exact: true })).toHaveCount(0);
  const programs = await patientPrograms(api, patient.id);
  expect(programs.map((p) => [p.name, p.templateId])).toEqual([[renamed, template.id]]);
  expect(programs[0]!.blocks.map((b) => b.uuid)).toEqual(old.blocks.map((b) => b.uuid));
});

test("a new program for the patient, assigned and saved as a template with a new name and notes", async ({ page }) => {
  test.setTimeout(120_000);
  const patient = await createPatient(PRACTITIONER.email);
  const name = `E2E Fresh ${tag()}`;
  const templateName = `${name} as template`;
  await page.goto(`${BUILDER}?action=assign&patientRecordId=${patient.id}`);
  await expectAccessible(page);
  await builderDialog(page, "Assign Program").getByRole("link", { name: "New Program", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`action=create-program&patientRecordId=${patient.id}`));
  await expectAccessible(page);
  const dialog = builderDialog(page, "New Program");
  await expect(dialog.getByLabel("Choose existing template as a starter")).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expectAccessible(page);
  await addExercise(page, FLEXION);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expectAccessible(page);
  await expect(dialog.getByRole("heading", { name: "Program Summary" })).toBeVisible();
  await dialog.getByLabel("Save this Program as template").check();
  await dialog.getByRole("button", { name: "Assign to Patient" }).click();

  const save = page.getByRole("dialog", { name: "Save this Program as template" });
  await expect(save).toBeVisible();
  await expectAccessible(page);
  await expect(save.getByLabel("Template name")).toHaveValue(name);
  await save.getByLabel("Template name").fill("");
  await submitBadInput(save.getByRole("button", { name: "Save", exact: true }));
  await expectAccessible(page);
  await expectFieldError(save.getByLabel("Template name"), "Name is required");
  await save.getByLabel("Template name").fill(templateName);
  await save.getByLabel("Template notes").fill("For knees.");
  await save.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/`));
  await expectAccessible(page);
  await expectToast(page, "Program succesfully assigned & saved as template.");
  await expect(programCard(page).getByRole("link", { name, exact: true })).toBeVisible();
  const programs = await patientPrograms(api, patient.id);
  expect(programs.map((p) => p.name)).toEqual([name]);
  const [saved] = await templatesNamed(api, templateName);
  expect(saved).toMatchObject({ notes: "For knees.", isTemplate: true });
  expect(saved!.blocks.map((b) => b.exerciseId)).toEqual(programs[0]!.blocks.map((b) => b.exerciseId));
});

test("assigning fails for a patient without Health; a patient out of reach is not found", async ({ page }) => {
  test.setTimeout(90_000);
  const template = await createTemplate(api, `E2E Refused ${tag()}`);
  const gaitOnly = await createPatient(PRACTITIONER.email, { products: ["GAIT"] });
  await page.goto(`${BUILDER}?action=assign&patientRecordId=${gaitOnly.id}&preview=${template.id}`);
  await expectAccessible(page);
  const dialog = builderDialog(page, "Assign Program");
  await submitBadInput(dialog.getByRole("button", { name: "Assign to Patient" }));
  await expectAccessible(page);
  await expect(dialog.getByRole("alert")).toHaveText("Could not assign template.");
  await expect(dialog.getByRole("region", { name: "Preview", exact: true }).getByRole("heading", { name: template.name })).toBeVisible();

  const response = await page.goto(`${BUILDER}?action=create-program&patientRecordId=${randomUUID()}`);
  expect(response!.status()).toBe(404);
  await expectAccessible(page);
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText("Could not get patient details.");
});
