/**
 * ADR 026 (issue 23, finding 12): support staff are read-only members of their own organization. On Your
 * Organization's pages they see no Add, Invite or Edit control; a dialog's URL answers 403; a complete form posted
 * as support (valid: a product admin's same post is accepted by the API) is refused with 403 and the message,
 * and nothing changes. Both projects.
 */
import { randomUUID } from "node:crypto";
import { test, expect, expectAccessible } from "./fixtures.js";
import { useSession } from "./helpers/session.js";
import { apiAs, PRODUCT_ADMIN, SUPPORT } from "./helpers/stack.js";
import { careNotes, findPatient, gaitSessions, listPatients, newHealthPatient, orgClock, sectionUrl } from "./helpers/patient-data.js";
import { readState } from "../setup/state.js";
import { dayIn } from "../../app/domain/date-range.js";

const SUPPORT_CANNOT_CHANGE = "Support staff cannot make this change; ask a product admin.";
const CHANGE_CONTROL = /^(Add|Invite|Edit)\b/;

// Several pages, each checked by axe, and eight requests: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("support sees their organization's pages without Add, Invite or Edit controls, and a posted form is refused", async ({ page }) => {
  const api = await apiAs(SUPPORT.email);
  const before = { me: (await api.GET("/v2/users/current")).data!, locations: (await api.GET("/v2/locations")).data!, providers: (await api.GET("/v2/practitioners")).data! };
  await useSession(page, SUPPORT.email);

  for (const path of ["/organization/details/", "/organization/providers/"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: CHANGE_CONTROL })).toHaveCount(0);
    await expect(page.getByRole("button", { name: CHANGE_CONTROL })).toHaveCount(0);
    await expectAccessible(page);
  }
  await page.goto("/patients/");
  await expect(page.getByRole("heading", { name: "Patients", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add New Patient" })).toHaveCount(0);
  await expectAccessible(page);

  // A dialog's URL answers 403.
  for (const url of ["/organization/details/?dialog=add-location", "/organization/details/?dialog=edit-organization", "/organization/providers/?dialog=invite"]) {
    expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(403);
  }

  // Complete forms posted as support: refused, nothing changes.
  const origin = new URL(readState().baseURL).origin;
  const tag = randomUUID().slice(0, 8);
  const posts: [string, Record<string, string>][] = [
    ["/organization/details/?dialog=add-location", { name: `Support location ${tag}`, timezone: "America/Denver", formToken: randomUUID() }],
    ["/organization/details/?dialog=edit-organization", { name: `Renamed by support ${tag}`, formToken: randomUUID() }],
    ["/organization/providers/?dialog=invite", { firstName: "Support", lastName: `Invite ${tag}`, email: `support.invite.${tag}@e2e.example`, role: "PORTAL_PROVIDER_ADMIN", formToken: randomUUID() }],
    ["/patients/?add=true", { firstName: "Support", lastName: `Patient ${tag}`, email: `support.patient.${tag}@e2e.example`, formToken: randomUUID() }],
  ];
  for (const [url, form] of posts) {
    const res = await page.request.post(url, { form, headers: { Origin: origin }, maxRedirects: 0 });
    expect(res.status(), url).toBe(403);
    expect(await res.text(), url).toContain(SUPPORT_CANNOT_CHANGE);
  }
  expect((await api.GET("/v2/users/current")).data!.organization.name).toBe(before.me.organization.name);
  expect((await api.GET("/v2/locations")).data!).toEqual(before.locations);
  expect((await api.GET("/v2/practitioners")).data!.length).toBe(before.providers.length);

  // What is theirs stays theirs: the account page's form is accepted for validation (400 for an empty one, not 403).
  const account = await page.request.post("/user/account/info/", { form: {}, headers: { Origin: origin }, maxRedirects: 0 });
  expect(account.status()).toBe(400);
});

/**
 * A patient's page as support: no control that changes the patient in any section — the Program card's Edit,
 * Unassign and Assign, the care timer, Add Care Note and each note's Edit and Delete, the gait assessments' Add
 * comment and a comment's Edit and Delete — and no row actions on the patient list; nor do Gait Events, Reconcile
 * and the template cards' menus. A change's dialog opened by its URL shows the refusal's words and no form; the
 * section's action refuses a posted note with 403 before any call.
 */
const WRITE_CONTROL = /^(Add|Edit|Delete|Unassign|Assign|Discharge|Schedule Discharge|New Plan of Care|Edit Plan of Care|Resend|Send Invite|Start Care Timer|Stop|Resume|Save|Upload)\b/;

test("support's patient page offers no change in any section, and a change's dialog opened by its URL shows no form", async ({ page }) => {
  const admin = await apiAs(PRODUCT_ADMIN.email);
  const support = await apiAs(SUPPORT.email);
  const clock = await orgClock(admin);
  // A Health patient of support's organization with a program and a care note (made by a product admin).
  const patient = await newHealthPatient(admin);
  const { data: exercises } = await admin.GET("/v3/exercises", { params: { query: { completeness: "COMPLETE" } } });
  const exercise = exercises!.find((e) => e.exerciseMetrics.some((m) => m.metric === "REPS"))!;
  const { data: program } = await admin.POST("/v2/health/heps", { body: { name: `Support view ${patient.id.slice(0, 6)}`, dailyFrequency: 1, weeklyFrequency: 3, blocks: [{ exerciseId: exercise.id, sideOfBody: null, numSets: 1, setGoal: { goalType: "REPS", reps: 10 } }] } });
  expect((await admin.POST("/v2/health/heps/{id}/assignments", { params: { path: { id: program!.id } }, body: { patientRecordIds: [patient.id], isEdit: false } })).error).toBeUndefined();
  const note = (await admin.POST("/v2/patients/{id}/interactions", { params: { path: { id: patient.id } }, body: { date: clock.today, minutes: 12, notes: "Reviewed the week's sessions." } })).data!;
  // A gait patient of the organization with an assessment (gait sessions cannot be made through the API: read only).
  const gaitPatients = (await listPatients(support, "gait", 15)).filter((p) => p.productData.gait?.mostRecentSession);
  const gait = await findPatient(gaitPatients, async (p) => (await gaitSessions(support, p.id)).sort((a, b) => b.capturedDate.localeCompare(a.capturedDate))[0]);
  const gaitDay = dayIn(clock.timeZone, gait.found.capturedDate);
  await useSession(page, SUPPORT.email);
  const main = page.getByRole("main");
  const expectNoWriteControl = async (where: string) => {
    await expect(main.getByRole("link", { name: WRITE_CONTROL }), where).toHaveCount(0);
    await expect(main.getByRole("button", { name: WRITE_CONTROL }), where).toHaveCount(0);
  };

  // The list: no row's action menu (every item of it changes the patient).
  await page.goto(`/patients/?q=${encodeURIComponent(patient.patient.firstName)}`);
  await expect(main.getByRole("link", { name: new RegExp(patient.patient.firstName) })).toBeVisible();
  await expect(main.getByText(/^Actions for /)).toHaveCount(0);
  await expectAccessible(page);

  // Care Management with the Program card above it, and the other Health sections.
  await page.goto(sectionUrl(patient.id, "health", "care"));
  await expect(main.getByRole("cell", { name: "Reviewed the week's sessions." })).toBeVisible();
  await expect(main.getByRole("link", { name: `Print ${program!.name}` })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Care timer" })).toHaveCount(0);
  await expectNoWriteControl("care");
  await expectAccessible(page);
  await page.goto(sectionUrl(patient.id, "health", "activity"));
  await expect(main.getByRole("link", { name: `Print ${program!.name}` })).toBeVisible();
  await expectNoWriteControl("activity");
  await expectAccessible(page);
  // The program drawer: the program, without Edit.
  await page.goto(sectionUrl(patient.id, "health", "activity", `?dialog=program&program=${program!.id}`));
  await expect(page.getByRole("dialog", { name: "View Program" }).getByRole("heading", { name: program!.name })).toBeVisible();
  await expectNoWriteControl("program drawer");
  await expectAccessible(page);

  // Gait: the assessments without Add comment (a comment is read, without Edit or Delete).
  const gaitUrl = sectionUrl(gait.patient.id, "gait", "activity", `?from=${gaitDay}&to=${gaitDay}`);
  await page.goto(gaitUrl);
  const mmddyyyy = `${gaitDay.slice(5, 7)}/${gaitDay.slice(8, 10)}/${gaitDay.slice(0, 4)}`;
  await expect(main.getByRole("article", { name: new RegExp(`^${mmddyyyy} `) }).first()).toBeVisible();
  await expectNoWriteControl("gait");
  await expectAccessible(page);
  if (gait.found.session.meta.comment) {
    await page.goto(`${gaitUrl}&dialog=comment&session=${gait.found.id}`);
    await expect(page.getByRole("dialog").getByText(gait.found.session.meta.comment)).toBeVisible();
    await expectNoWriteControl("gait comment");
    await expectAccessible(page);
  }

  // The other screens of patients' changes: Gait Events (a location picker, no add form), Reconcile (no upload), the
  // templates (no Edit, Duplicate or Delete in a card's menu).
  await page.goto("/gait/events/patients/");
  await expect(main.getByLabel("Location")).toBeVisible();
  await expectNoWriteControl("gait events");
  await expectAccessible(page);
  await page.goto("/gait/reconcile/");
  await expect(main.getByRole("link", { name: "Download template" })).toBeVisible();
  await expectNoWriteControl("reconcile");
  await expectAccessible(page);
  await page.goto("/programs/templates/");
  await expect(main.getByRole("heading", { name: "Program Templates", level: 1 })).toBeVisible();
  await expect(main.getByText(/^(Edit|Duplicate|Delete)$/)).toHaveCount(0);
  await expectAccessible(page);
  // The builder (every step posts): the refusal's words instead of a step.
  await page.goto("/programs/templates/?add=true");
  await expect(page.getByText(SUPPORT_CANNOT_CHANGE)).toBeVisible();
  await expect(main.locator("form[method=post]")).toHaveCount(0);
  await expectAccessible(page);

  // A change's dialog opened by its URL: the refusal's words, no form.
  const dialogs = [
    sectionUrl(patient.id, "health", "care", "?dialog=care-note-new"),
    sectionUrl(patient.id, "health", "care", `?dialog=care-note-delete&note=${note.id}`),
    sectionUrl(patient.id, "health", "activity", `?dialog=unassign&program=${program!.id}`),
    sectionUrl(patient.id, "health", "activity", "?dialog=edit-details"),
    `${gaitUrl}&dialog=comment-edit&session=${gait.found.id}`,
    `/patients/?add=true`,
  ];
  for (const url of dialogs) {
    await page.goto(url);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(SUPPORT_CANNOT_CHANGE), url).toBeVisible();
    await expect(dialog.locator("form"), url).toHaveCount(0);
    await expect(dialog.getByRole("textbox"), url).toHaveCount(0);
    await expect(dialog.getByRole("button"), url).toHaveCount(0);
    await expectAccessible(page);
  }

  // The section's action refuses a complete note posted as support (403, the message); nothing is added.
  const origin = new URL(readState().baseURL).origin;
  const posted = await page.request.post(sectionUrl(patient.id, "health", "care", "?dialog=care-note-new"), {
    form: { intent: "care-note-create", date: clock.today, minutes: "20", notes: "Support's note", liveMethod: "NONE", liveOutcome: "TWO_WAY", formToken: randomUUID() },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
  expect(await posted.text()).toContain(SUPPORT_CANNOT_CHANGE);
  expect((await careNotes(admin, patient.id)).map((n) => n.id)).toEqual([note.id]);
});
