/**
 * The patient detail's dialogs (spec 000 §2.8, §4, §5, §8): Discharge, Edit Plan of Care, New Plan of Care
 * (two steps), Edit Patient Details, Resend Invite, the Program card's drawer (exercise names) and Unassign
 * confirmation — each at its URL, posted
 * with Post/Redirect/Get and the spec's toast, refusals inline with the input kept. Both projects.
 */
import { test, expect, expectAccessible } from "./fixtures.js";
import { apiAs, PRACTITIONER } from "./helpers/stack.js";
import { expectFieldError } from "./helpers/ui.js";
import { useSession } from "./helpers/session.js";
import { createPatient, currentUserOf, dayIn, expectDialog, headerDay, longDay } from "./helpers/patient-detail.js";

async function organizationZone() {
  return (await currentUserOf(PRACTITIONER.email)).organization.timezone;
}

test.describe("plan of care", () => {
  test("Discharge today keeps the patient active through the day; then Edit Plan of Care reschedules it", async ({ page }) => {
    test.slow();
    const p = await createPatient(PRACTITIONER.email, { products: ["HEALTH"] });
    const zone = await organizationZone();
    const today = dayIn(zone);
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${p.id}/health/rom/?range=7`);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Discharge", exact: true }).click();
    await expect(page).toHaveURL(/\/health\/rom\/\?range=7&dialog=discharge$/);
    const dialog = await expectDialog(page, "Discharge");
    await expectAccessible(page);
    const date = dialog.getByLabel("Discharge Date");
    await expect(date).toHaveValue(today);
    await expect(dialog).toContainText("keeps the patient active through the end of that day");

    // Outside the window (28 days ahead at most): the message at the field, the input kept.
    const tooLate = dayIn(zone, 40);
    await date.fill(tooLate);
    await dialog.getByRole("button", { name: "Discharge" }).click();
    await expectFieldError(dialog.getByLabel("Discharge Date"), `Choose a date from ${longDay(today)} to ${longDay(dayIn(zone, 28))}.`);
    await expect(dialog.getByLabel("Discharge Date")).toHaveValue(tooLate);
    await expectAccessible(page);

    await dialog.getByLabel("Discharge Date").fill(today);
    await dialog.getByRole("button", { name: "Discharge" }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/health/rom/\\?range=7$`));
    await expect(page.getByRole("status").filter({ hasText: `Successfully discharged ${p.firstName} ${p.lastName}` })).toBeVisible();
    await expect(page.getByText(`Scheduled to be discharged: ${headerDay(today)}`)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Edit Plan of Care" }).click();
    const edit = await expectDialog(page, "Edit Plan of Care");
    await expectAccessible(page);
    const later = dayIn(zone, 14);
    await edit.getByLabel("End Date").fill(later);
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Scheduled to be discharged: ${headerDay(later)}`)).toBeVisible();
    // Only the date moved: the toast says so, not 'Successfully discharged' (issue 34).
    await expect(page.getByRole("status").filter({ hasText: `${p.firstName} ${p.lastName} is now scheduled to be discharged on ${headerDay(later)}.` })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Successfully discharged" })).toHaveCount(0);
    await expectAccessible(page);
    const api = await apiAs(PRACTITIONER.email);
    const { data } = await api.GET("/v2/patients/{id}/", { params: { path: { id: p.id } } });
    expect(data?.dischargeDate).toBe(later);
  });

  test("New Plan of Care reactivates a discharged patient in two steps", async ({ page }) => {
    test.slow();
    // A discharged demo patient of Maya's (the only way to have a past discharge), reactivated by this test.
    const api = await apiAs(PRACTITIONER.email);
    const { data: page1 } = await api.GET("/v2/patients/pages", { params: { query: { status: "DISCHARGED", sortBy: "NAME", orderBy: "DESC", limit: 50 } } });
    const record = page1?.items.find((r) => r.products.includes("GAIT") && !r.products.includes("HEALTH") && r.location) ?? page1?.items.find((r) => r.location);
    expect(record, "a discharged demo patient").toBeTruthy();
    const r = record!;
    const zone = await organizationZone();
    const today = dayIn(zone);
    const lastEnd = r.plansOfCare.at(-1)!.end!;
    const name = `${r.patient.firstName} ${r.patient.lastName}`.trim();

    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${r.id}/`);
    await expectAccessible(page);
    await expect(page.getByText(`Discharged: ${headerDay(lastEnd)}`)).toBeVisible();
    await page.getByRole("link", { name: "New Plan of Care" }).click();
    const step1 = await expectDialog(page, "New Plan of Care");
    await expectAccessible(page);
    for (const held of r.products.filter((x) => x !== "SCAN")) {
      const box = step1.getByRole("checkbox", { name: new RegExp(`^${held === "PRO" ? "PRO" : held[0] + held.slice(1).toLowerCase()}`) });
      await expect(box).toBeChecked();
      await expect(box).toBeDisabled();
    }
    const addHealth = !r.products.includes("HEALTH");
    if (addHealth) await step1.getByRole("checkbox", { name: "Health" }).check();
    await step1.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/step=2/);
    const step2 = await expectDialog(page, "New Plan of Care");
    await expectAccessible(page);
    const start = step2.getByLabel("Start Date");
    await expect(start).toHaveAttribute("max", today);
    const dayAfter = new Date(`${lastEnd}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    await expect(start).toHaveAttribute("min", dayAfter.toISOString().slice(0, 10));
    await expect(start).toHaveValue(today);

    if (addHealth) {
      // Health added: side and body part are required.
      await step2.getByLabel("Side of Body").selectOption("");
      await step2.getByLabel("Involved Body Part").selectOption("");
      await step2.getByRole("button", { name: "Create" }).click();
      await expectFieldError(step2.getByLabel("Side of Body"), "Involved side of body is required");
      await expectFieldError(step2.getByLabel("Involved Body Part"), "Involved body part is required");
      await expectAccessible(page);
      await step2.getByLabel("Side of Body").selectOption("RIGHT");
      await step2.getByLabel("Involved Body Part").selectOption("HIP");
    }
    await step2.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Successfully started a new Plan of Care for ${name}` })).toBeVisible();
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(page.getByText(/Discharged:/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Discharge", exact: true })).toBeVisible();
    await expectAccessible(page);
    const { data } = await api.GET("/v2/patients/{id}/", { params: { path: { id: r.id } } });
    expect(data?.discharged).toBe(false);
    expect(data?.plansOfCare.at(-1)).toEqual({ start: today, end: null });
    if (addHealth) expect(data?.products).toContain("HEALTH");
  });
});

test.describe("details and invite", () => {
  test("Edit Patient Details: validation at the fields, the input kept, then saved; an untouched side Both stays Both (ADR 045)", async ({ page }) => {
    test.slow();
    const p = await createPatient(PRACTITIONER.email, { products: ["HEALTH", "GAIT"], side: "BOTH" });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${p.id}/?dialog=edit-details`);
    await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/health/activity/\\?dialog=edit-details$`));
    const dialog = await expectDialog(page, "Edit Patient Details");
    await expectAccessible(page);
    await expect(dialog.getByLabel("First Name")).toHaveValue(p.firstName);
    await expect(dialog.getByLabel("Email")).toBeEnabled();
    await expect(dialog.getByLabel("Side of Body")).toHaveValue("BOTH");

    await dialog.getByLabel("First Name").fill("");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Phone Number").fill("12345");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectFieldError(dialog.getByLabel("First Name"), "First name is required");
    await expectFieldError(dialog.getByLabel("Email"), "Email must be valid.");
    await expectFieldError(dialog.getByLabel("Phone Number"), "Phone number must be 10 digits");
    await expect(dialog.getByLabel("Email")).toHaveValue("not-an-email");
    await expectAccessible(page);

    await dialog.getByLabel("First Name").fill("Renamed");
    await dialog.getByLabel("Email").fill(p.email!);
    await dialog.getByLabel("Phone Number").fill("(720) 555-0199");
    await dialog.getByLabel("Gait Unique ID").fill("new-uid-" + p.id.slice(0, 6));
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Successfully updated patient details." })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/health/activity/$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${p.lastName}, Renamed`);
    await expect(page.getByText("(720) 555-0199")).toBeVisible();
    await expect(page.getByText(("new-uid-" + p.id.slice(0, 6)).toUpperCase())).toBeVisible();
    const { data } = await (await apiAs(PRACTITIONER.email)).GET("/v2/patients/{id}/", { params: { path: { id: p.id } } });
    expect(data?.productData.health?.injuredSideOfBody).toBe("BOTH");
    await expectAccessible(page);
  });

  test("Edit Patient Details shows the server's refusal inline (a gait ID taken by another patient)", async ({ page }) => {
    test.slow();
    const other = await createPatient(PRACTITIONER.email, { products: ["GAIT"], email: false });
    const p = await createPatient(PRACTITIONER.email, { products: ["GAIT"], email: false });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${p.id}/gait/activity/?dialog=edit-details`);
    const dialog = await expectDialog(page, "Edit Patient Details");
    await expectAccessible(page);
    await dialog.getByLabel("Gait Unique ID").fill(other.gaitUid!);
    await dialog.getByRole("button", { name: "Save" }).click();
    const field = page.getByRole("dialog", { name: "Edit Patient Details" }).getByLabel("Gait Unique ID");
    await expectFieldError(field, "Another patient of the organization already has this gait ID.");
    await expect(field).toHaveValue(other.gaitUid!);
    await expectAccessible(page);
  });

  test("Resend Health Invite asks for confirmation and sends", async ({ page }) => {
    test.slow();
    // A patient with a program (Invite Sent) and no activity.
    const p = await createPatient(PRACTITIONER.email, { products: ["HEALTH"] });
    const api = await apiAs(PRACTITIONER.email);
    const { data: templates } = await api.GET("/v2/health/hep-templates");
    const hepId = templates?.[0]?.id;
    expect(hepId, "a demo program template to assign").toBeTruthy();
    const assigned = await api.POST("/v2/health/patients/{id}/assignments", { params: { path: { id: p.id } }, body: { hepId: hepId!, shouldRetireHeps: true } });
    expect(assigned.error).toBeUndefined();

    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${p.id}/`);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Resend Health Invite" }).click();
    const dialog = await expectDialog(page, "Resend Health Invite");
    await expectAccessible(page);
    await expect(dialog).toContainText(p.email!);
    await dialog.getByRole("button", { name: "Send Invite" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Invite successfully sent." })).toBeVisible();
    await expect(page).not.toHaveURL(/dialog=/);
    await expectAccessible(page);

    // The Program card: the program, and unassigning it.
    const card = page.getByRole("region", { name: "Program", exact: true });
    await expect(card.getByRole("link", { name: /^Unassign / })).toBeVisible();
    await card.getByRole("link", { name: /^Unassign / }).click();
    const confirm = await expectDialog(page, "Unassign Program");
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Unassign" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Program unassigned." })).toBeVisible();
    await expect(page.getByText("Patient does not have a Program assigned yet.")).toBeVisible();
    await expectAccessible(page);
  });

  test("Cancel closes a dialog without a change", async ({ page }) => {
    test.slow();
    const p = await createPatient(PRACTITIONER.email, { products: ["HEALTH"] });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${p.id}/health/care/?range=90&dialog=discharge`);
    const dialog = await expectDialog(page, "Discharge");
    await expectAccessible(page);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/health/care/\\?range=90$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText(/Scheduled to be discharged/)).toHaveCount(0);
  });
});

/** A new Health patient with a program (built from a demo template), its program and the library's names. */
async function patientWithProgram() {
  const p = await createPatient(PRACTITIONER.email, { products: ["HEALTH"] });
  const api = await apiAs(PRACTITIONER.email);
  const { data: templates } = await api.GET("/v2/health/hep-templates");
  const template = templates?.find((t) => t.blocks.length >= 2) ?? templates?.[0];
  expect(template, "a demo program template to assign").toBeTruthy();
  const assigned = await api.POST("/v2/health/patients/{id}/assignments", { params: { path: { id: p.id } }, body: { hepId: template!.id, shouldRetireHeps: true } });
  expect(assigned.error).toBeUndefined();
  const { data: record } = await api.GET("/v2/patients/{id}/", { params: { path: { id: p.id } } });
  const hep = record?.productData.health?.heps[0];
  expect(hep, "the assigned program").toBeTruthy();
  const { data: program } = await api.GET("/v2/health/heps/{id}", { params: { path: { id: hep!.id } } });
  const { data: exercises } = await api.GET("/v3/exercises", { params: { query: { completeness: "ALL" } } });
  const names = program!.blocks.map((b) => exercises!.find((e) => e.id === b.exerciseId)!.name);
  return { p, api, hep: hep!, program: program!, names };
}

test.describe("program", () => {
  test("View Program names the exercises with their sets", async ({ page }) => {
    test.slow();
    const { p, hep, program, names } = await patientWithProgram();
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${p.id}/health/activity/`);
    await expectAccessible(page);
    await page.getByRole("region", { name: "Program", exact: true }).getByRole("link", { name: hep.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`dialog=program&program=${hep.id}`));
    const drawer = await expectDialog(page, "View Program");
    await expectAccessible(page);
    await expect(drawer.getByRole("heading", { name: program.name })).toBeVisible();
    const rows = drawer.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(program.blocks.length + 1);
    for (const [i, name] of names.entries()) {
      const row = rows.nth(i + 1);
      await expect(row.getByRole("rowheader")).toContainText(name);
      await expect(row.getByRole("cell").nth(2)).toHaveText(String(program.blocks[i]!.numSets));
    }
    // Names, not the library's ids.
    await expect(drawer.getByRole("rowheader").filter({ hasText: /^[A-Z]{1,4}-\d{4}$/ })).toHaveCount(0);
    await expect(drawer.getByRole("link", { name: "Edit" })).toBeVisible();
    await drawer.getByRole("link", { name: "Close" }).last().click();
    await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/health/activity/$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("Unassign asks first: Cancel keeps the program, Unassign removes it", async ({ page }) => {
    test.slow();
    const { p, api, hep } = await patientWithProgram();
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${p.id}/health/rom/?range=7`);
    await expectAccessible(page);
    const card = page.getByRole("region", { name: "Program", exact: true });
    await card.getByRole("link", { name: `Unassign ${hep.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/health/rom/\\?range=7&dialog=unassign&program=${hep.id}$`));
    const confirm = await expectDialog(page, "Unassign Program");
    await expectAccessible(page);
    await expect(confirm).toContainText(`Unassign ${hep.name} from ${p.lastName}, ${p.firstName}?`); // names Last, First in dialogs too (issue 34)

    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/health/rom/\\?range=7$`));
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expectAccessible(page);
    const { data: kept } = await api.GET("/v2/patients/{id}/", { params: { path: { id: p.id } } });
    expect(kept?.productData.health?.heps.map((h) => h.id)).toContain(hep.id);

    await card.getByRole("link", { name: `Unassign ${hep.name}` }).click();
    const again = await expectDialog(page, "Unassign Program");
    await expectAccessible(page);
    await again.getByRole("button", { name: "Unassign" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Program unassigned." })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/health/rom/\\?range=7$`));
    await expect(page.getByText("Patient does not have a Program assigned yet.")).toBeVisible();
    await expectAccessible(page);
    const { data: after } = await api.GET("/v2/patients/{id}/", { params: { path: { id: p.id } } });
    expect(after?.productData.health?.heps.map((h) => h.id)).not.toContain(hep.id);
  });

  test("Unassign that fails says 'The Program could not be unassigned.' in the dialog", async ({ page }) => {
    test.slow();
    const { p, api, hep } = await patientWithProgram();
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/${p.id}/health/activity/?dialog=unassign&program=${hep.id}`);
    const confirm = await expectDialog(page, "Unassign Program");
    await expectAccessible(page);
    // Unassigned behind the page's back: the API answers 404 to the dialog's DELETE.
    const gone = await api.DELETE("/v2/health/patients/{id}/heps/{hepId}", { params: { path: { id: p.id, hepId: hep.id } } });
    expect(gone.response.status).toBe(204);
    await confirm.getByRole("button", { name: "Unassign" }).click();
    const refused = await expectDialog(page, "Unassign Program");
    await expect(refused.getByRole("alert").filter({ hasText: "The Program could not be unassigned." })).toBeVisible();
    await expectAccessible(page);
  });
});
