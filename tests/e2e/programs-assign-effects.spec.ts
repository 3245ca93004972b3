/**
 * What assigning a program does beyond the Program card (001 §1, §4; issue 9): the patient's first program
 * sends the account invite and a later change notifies them — both recorded by the API
 * (GET v2/health/patients/{id}/notifications) — and the patient leaves the dashboard's No Program card.
 * A provider of a new organization, so the dashboard's lists hold only this test's patient. Both projects.
 */
import { test, expect, expectAccessible } from "./fixtures.js";
import { apiAs, createProvider } from "./helpers/stack.js";
import { expectToast, signInAs } from "./helpers/ui.js";
import { addExercise, BUILDER, builderDialog, FLEXION, patientPrograms, tag } from "./helpers/program-builder.js";

test("a first program invites the patient and takes them off the No Program card; an edit notifies them", async ({ page }) => {
  test.setTimeout(180_000);
  const provider = await createProvider({ products: ["HEALTH"] });
  const api = await apiAs(provider.email, provider.password);
  const lastName = `Effects${tag()}`;
  const created = await api.POST("/v2/patients", {
    body: {
      firstName: "Nora",
      lastName,
      email: `e2e-effects-${tag()}@e2e.example`,
      phoneNumber: null,
      dob: null,
      locationId: provider.locations[0]!.id,
      products: ["HEALTH"],
      primaryPractitionerId: provider.practitionerId,
      injuredSideOfBody: "LEFT",
      injuredBodyPart: "KNEE",
      gaitUid: null,
    },
  });
  if (!created.data) throw new Error(`create patient: ${JSON.stringify(created.error)}`);
  const patientId = created.data.id;
  const notifications = async () => (await api.GET("/v2/health/patients/{id}/notifications", { params: { path: { id: patientId } } })).data!.map((n) => [n.kind, n.hepId]);
  const noProgramCard = page.getByRole("region", { name: /^No Program \(\d+\+?\)$/ });

  await signInAs(page, provider.email, provider.password);
  await expect(noProgramCard.getByText(lastName)).toBeVisible();
  expect(await notifications()).toEqual([]);

  // The first program, built for the patient.
  const name = `E2E First ${tag()}`;
  await page.goto(`${BUILDER}?action=assign&patientRecordId=${patientId}`);
  await expectAccessible(page);
  await builderDialog(page, "Assign Program").getByRole("link", { name: "New Program", exact: true }).click();
  await expectAccessible(page);
  const dialog = builderDialog(page, "New Program");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expectAccessible(page);
  await addExercise(page, FLEXION);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Assign to Patient" }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}/`));
  await expectAccessible(page);
  await expectToast(page, "Program successfully assigned.");
  const [first] = await patientPrograms(api, patientId);
  expect(first!.name).toBe(name);
  expect(await notifications(), "the first program sends the account invite").toEqual([["APP_INVITE", first!.id]]);

  await page.goto("/home/");
  await expectAccessible(page);
  await expect(noProgramCard.getByText("No patients.")).toBeVisible();
  await expect(noProgramCard.getByText(lastName)).toHaveCount(0);

  // A change of the program: the new version replaces it and the patient is told.
  await page.goto(`/patients/${patientId}/`);
  await expectAccessible(page);
  await page.getByRole("region", { name: "Program", exact: true }).getByRole("link", { name: `Edit ${name}` }).click();
  await expectAccessible(page);
  const edit = builderDialog(page, "Edit Program");
  await edit.getByLabel("Name").fill(`${name} v2`);
  await edit.getByRole("button", { name: "Next", exact: true }).click();
  await expectAccessible(page);
  await edit.getByRole("button", { name: "Next", exact: true }).click();
  await expectAccessible(page);
  await edit.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}/`));
  await expectAccessible(page);
  await expectToast(page, "Successfully updated or assigned Program. This patient will be notified about their updated Program.");
  const [second] = await patientPrograms(api, patientId);
  expect(second!.name).toBe(`${name} v2`);
  expect(await notifications(), "the change is told to the patient").toEqual([
    ["PROGRAM_UPDATED", second!.id],
    ["APP_INVITE", first!.id],
  ]);
});
