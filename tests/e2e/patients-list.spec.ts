/**
 * The patient list `/patients/` (spec 000 §2.6, §4, §6, §8, §9; issue 4): tabs with the persisted default,
 * search and filters, columns by product access, the sort cycle, paging, the empty state, and the row menu with
 * its dialogs (add to the other product, the account invite). Both projects; every page checked by axe.
 */
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, demo, PRACTITIONER } from "./helpers/stack.js";
import { openSignedIn, useSession } from "./helpers/session.js";
import { createPatient, currentUser, findPatients, uniqueTag } from "./helpers/patient-list.js";

const EMPTY = "No patients active in your organization";

// Several pages and axe checks per test on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });
const RESEARCH = demo("research@research.example");

const table = (page: import("@playwright/test").Page) => page.getByRole("table");
const columnHeaders = (page: import("@playwright/test").Page) => table(page).getByRole("columnheader");
const search = (page: import("@playwright/test").Page) => page.getByRole("search", { name: "Filter patients" });

/** Opens a row's action menu (a disclosure: its summary holds the hidden text "Actions for {name}"). */
async function openRowMenu(page: import("@playwright/test").Page, label: string) {
  await page.getByText(label, { exact: true }).locator("..").click();
}

async function searchFor(page: import("@playwright/test").Page, text: string) {
  await search(page).getByLabel("Search Patients").fill(text);
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${text}`));
}

test.describe("patient list", () => {
  test("shows the organization's patients with the mixed columns; search finds one, rows link to the patient", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const tag = uniqueTag();
    const patient = await createPatient(api, { firstName: "Ana", lastName: tag, products: ["HEALTH", "GAIT"], phoneNumber: "3035550142" });
    await openSignedIn(page, PRACTITIONER.email);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Patients" }).click();
    await expect(page).toHaveURL(/\/patients\/(\?.*)?$/);
    await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Active", exact: true })).toHaveAttribute("aria-current", "page");
    // Front Range holds Health and Gait: the mixed columns (000 §2.6).
    await expect(columnHeaders(page)).toHaveText(["Action", "Name", "Product", "Program", "Last Activity", "Status"]);
    await expectAccessible(page);

    await searchFor(page, tag);
    const rows = table(page).getByRole("row");
    await expect(rows).toHaveCount(2);
    const row = rows.nth(1);
    await expect(row.getByRole("rowheader")).toHaveText(`${tag}, Ana`);
    await expect(row).toContainText("Health, Gait");
    await expect(row).toContainText("No Program Assigned");
    await expect(row.getByRole("link", { name: `${tag}, Ana` })).toHaveAttribute("href", `/patients/${patient.id}/`);
    await expectAccessible(page);
  });

  test("an unmatched search shows the empty state, naming what it looked for", async ({ page }) => {
    await useSession(page, PRACTITIONER.email);
    const q = uniqueTag();
    await page.goto(`/patients/?q=${q}`);
    await expect(page.getByText(`No patients match '${q}'`)).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("column headers sort none → ascending → descending → none", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const tag = uniqueTag();
    for (const first of ["Bea", "Cal", "Abe"]) await createPatient(api, { firstName: first, lastName: tag });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/?q=${tag}`);
    await expectAccessible(page);
    const names = table(page).getByRole("rowheader");
    const nameHeader = columnHeaders(page).filter({ hasText: "Name" });
    await expect(nameHeader).toHaveAttribute("aria-sort", "none");

    await nameHeader.getByRole("link").click();
    await expect(page).toHaveURL(/sort=name&dir=asc/);
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(names).toHaveText([`${tag}, Abe`, `${tag}, Bea`, `${tag}, Cal`]);
    await expectAccessible(page);

    await nameHeader.getByRole("link").click();
    await expect(page).toHaveURL(/sort=name&dir=desc/);
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    await expect(names).toHaveText([`${tag}, Cal`, `${tag}, Bea`, `${tag}, Abe`]);
    await expectAccessible(page);

    await nameHeader.getByRole("link").click();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(nameHeader).toHaveAttribute("aria-sort", "none");
    await expectAccessible(page);
  });

  test("pages through the results ten at a time", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const tag = uniqueTag();
    await Promise.all(Array.from({ length: 12 }, (_, i) => createPatient(api, { firstName: `P${String(i).padStart(2, "0")}`, lastName: tag })));
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/?q=${tag}&sort=name&dir=asc`);
    await expect(table(page).getByRole("rowheader")).toHaveCount(10);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager).toContainText("1–10 of 12");
    await expectAccessible(page);
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(table(page).getByRole("rowheader")).toHaveText([`${tag}, P10`, `${tag}, P11`]);
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("the Discharged tab lists discharged patients and is remembered as the default", async ({ page }) => {
    // A discharged patient of the demo world (read-only).
    const api = await apiAs(PRACTITIONER.email);
    const [discharged] = await findPatients(api, "", "DISCHARGED");
    expect(discharged, "the demo world has a discharged patient the practitioner sees").toBeDefined();
    const name = `${discharged!.patient.lastName}, ${discharged!.patient.firstName}`;
    const term = discharged!.patient.email ?? discharged!.patient.lastName;
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/?q=${encodeURIComponent(term)}`);
    await expect(table(page).getByRole("rowheader").filter({ hasText: name })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Discharged", exact: true }).click();
    await expect(page).toHaveURL(/tab=discharged/);
    await expect(table(page).getByRole("rowheader").filter({ hasText: name }).first()).toBeVisible();
    await expectAccessible(page);
    // Back to /patients/ without a tab: the last one chosen.
    await page.goto("/patients/");
    await expect(page.getByRole("link", { name: "Discharged", exact: true })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Active", exact: true }).click();
    await expect(page).toHaveURL(/tab=active/);
    await expectAccessible(page);
    await page.goto("/patients/");
    await expect(page.getByRole("link", { name: "Active", exact: true })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
  });

  test("a practitioner's location filter offers only their own locations, and filters by one", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const me = await currentUser(api);
    const tag = uniqueTag();
    const [first, second] = me.locations;
    expect(second, "the demo practitioner works at two locations").toBeDefined();
    await createPatient(api, { firstName: "Here", lastName: tag, locationId: first!.id });
    await createPatient(api, { firstName: "There", lastName: tag, locationId: second!.id });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/?q=${tag}`);
    const select = search(page).getByLabel("Location");
    const options = await select.getByRole("option").allTextContents();
    expect(options.sort()).toEqual(["All Locations", ...me.locations.map((l) => l.name)].sort());
    await expect(table(page).getByRole("rowheader")).toHaveCount(2);
    await expectAccessible(page);
    await select.selectOption({ label: first!.name });
    if (!jsEnabled()) await search(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`location=${first!.id}`));
    await expect(table(page).getByRole("rowheader")).toHaveText([`${tag}, Here`]);
    await expectAccessible(page);
  });

  test("the provider filter lists the organization's providers by name and filters by primary provider", async ({ page }) => {
    const admin = demo("admin@frontrange.example");
    const api = await apiAs(admin.email);
    const practitioners = (await api.GET("/v2/practitioners")).data ?? [];
    const maya = practitioners.find((p) => p.userId && p.email === PRACTITIONER.email);
    const other = practitioners.find((p) => p.userId && p.id !== maya?.id && p.locations.length > 0);
    expect(maya && other, "two practitioners with accounts in the demo organization").toBeTruthy();
    const tag = uniqueTag();
    // A primary provider works at the patient's location.
    await createPatient(api, { firstName: "Mine", lastName: tag, primaryPractitionerId: maya!.id, locationId: maya!.locations[0]!.id });
    await createPatient(api, { firstName: "Theirs", lastName: tag, primaryPractitionerId: other!.id, locationId: other!.locations[0]!.id });
    await useSession(page, admin.email);
    await page.goto(`/patients/?q=${tag}`);
    await expect(table(page).getByRole("rowheader")).toHaveCount(2);
    const select = search(page).getByLabel("Provider");
    await expect(select.getByRole("option", { name: `${maya!.lastName}, ${maya!.firstName}` })).toHaveCount(1);
    await expectAccessible(page);
    await select.selectOption({ label: `${maya!.lastName}, ${maya!.firstName}` });
    if (!jsEnabled()) await search(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`provider=${maya!.id}`));
    await expect(table(page).getByRole("rowheader")).toHaveText([`${tag}, Mine`]);
    await expectAccessible(page);
  });

  test("a Gait-only organization sees the Gait columns", async ({ page }) => {
    await useSession(page, RESEARCH.email);
    await page.goto("/patients/");
    const headers = columnHeaders(page);
    // The research organization may have no patients: then the empty state, else the Gait columns. Either is a streamed
    // part, revealed in React's next batch (up to ~300 ms after it arrives, possibly after the load event): wait for one.
    await expect(table(page).or(page.getByText(EMPTY)).first()).toBeVisible();
    if ((await page.getByRole("table").count()) === 0) {
      await expect(page.getByText(EMPTY)).toBeVisible();
    } else {
      await expect(headers).toHaveText(["Action", "Name", "Location", "Last Activity"]);
    }
    await expectAccessible(page);
  });
});

test.describe("row menu", () => {
  test("offers the actions by status and links them to their places", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const tag = uniqueTag();
    const patient = await createPatient(api, { firstName: "Mo", lastName: tag });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/?q=${tag}`);
    await expectAccessible(page);
    const menu = page.getByRole("group").filter({ hasText: `Actions for ${tag}, Mo` });
    await openRowMenu(page, `Actions for ${tag}, Mo`);
    const items = menu.getByRole("link");
    await expect(items).toHaveText(["Assign Program", "Edit", "Add To Gait", "Discharge"]);
    await expect(menu.getByRole("link", { name: "Assign Program" })).toHaveAttribute("href", `/programs/templates/builder/?action=assign&patientRecordId=${patient.id}`);
    await expect(menu.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/patients/${patient.id}/?dialog=edit-details`);
    await expect(menu.getByRole("link", { name: "Discharge" })).toHaveAttribute("href", `/patients/${patient.id}/?dialog=discharge`);
    await expectAccessible(page);
  });

  test("Add To Gait adds a Health patient directly ('Add')", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const tag = uniqueTag();
    const patient = await createPatient(api, { firstName: "Gus", lastName: tag });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/?q=${tag}`);
    await expectAccessible(page);
    await openRowMenu(page, `Actions for ${tag}, Gus`);
    await page.getByRole("link", { name: "Add To Gait" }).click();
    await expect(page).toHaveURL(new RegExp(`addProduct=${patient.id}`));
    // The menu that opened the dialog does not stay open behind it (nor after it).
    await expect(page.getByRole("group").filter({ hasText: `Actions for ${tag}, Gus` })).not.toHaveAttribute("open");
    const dialog = page.getByRole("dialog", { name: "Add To Gait" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(page.getByRole("status")).toContainText("Successfully added patient to Gait");
    await expect(page.getByRole("status")).not.toContainText("Successfully added patient to Gait.");
    await expect(page).not.toHaveURL(/addProduct=/);
    await expect(table(page).getByRole("row").nth(1)).toContainText("Health, Gait");
    await expectAccessible(page);
    const [saved] = await findPatients(api, tag);
    expect(saved!.products).toEqual(expect.arrayContaining(["HEALTH", "GAIT"]));
  });

  test("Add To Health asks for the missing details first ('Next'), with the spec's messages", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const tag = uniqueTag();
    const patient = await createPatient(api, { firstName: "Gia", lastName: tag, products: ["GAIT"] });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/?q=${tag}&addProduct=${patient.id}`);
    const dialog = page.getByRole("dialog", { name: "Add To Health" });
    await expect(dialog.getByRole("button", { name: "Add" })).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/step=details/);
    const form = page.getByRole("dialog", { name: "Add To Health" });
    await expectAccessible(page);
    await form.getByRole("button", { name: "Add" }).click();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByLabel("First Name")).toHaveValue("Gia");
    await expectAccessible(page);
    await form.getByLabel("Email").fill(`${tag}@e2e.example`);
    await form.getByLabel("Side of Body").selectOption({ label: "Right" });
    await form.getByLabel("Involved Body Part").selectOption({ label: "Hip" });
    await form.getByRole("button", { name: "Add" }).click();
    await expect(page.getByRole("status")).toContainText("Successfully added patient to Health");
    await expect(page.getByRole("status")).not.toContainText("Successfully added patient to Health.");
    await expect(page).not.toHaveURL(/addProduct=/);
    await expectAccessible(page);
    const [saved] = await findPatients(api, tag);
    expect(saved!.products).toEqual(expect.arrayContaining(["HEALTH", "GAIT"]));
    expect(saved!.productData.health).toMatchObject({ injuredSideOfBody: "RIGHT", injuredBodyPart: "HIP" });
  });

  test("the account invite is confirmed, sent, and toasted", async ({ page }) => {
    const admin = await apiAs(demo("admin@frontrange.example").email);
    // A patient with a program but no account (status NO_ACCOUNT) from the demo world, read-only apart from
    // the invite's send time.
    const { data } = await admin.GET("/v2/patients/pages", { params: { query: { sortBy: "STATUS", orderBy: "ASC", limit: 999, status: "ACTIVE" } } });
    const target = data!.items.find((p) => p.productData.health?.status === "NO_ACCOUNT" && p.patient.email);
    expect(target, "the demo world has a patient with status NO_ACCOUNT").toBeDefined();
    await useSession(page, demo("admin@frontrange.example").email);
    await page.goto(`/patients/?q=${encodeURIComponent(target!.patient.email!)}`);
    await expectAccessible(page);
    const name = `${target!.patient.lastName}, ${target!.patient.firstName}`;
    await openRowMenu(page, `Actions for ${name}`);
    await page.getByRole("link", { name: "Send Invite" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Send Invite" });
    await expect(dialog).toContainText(name);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Send Invite" }).click();
    await expect(page.getByRole("status")).toContainText("Invite successfully sent.");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("@js-only Escape closes a dialog and focus moves into it when it opens", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const tag = uniqueTag();
    await createPatient(api, { firstName: "Eli", lastName: tag });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/patients/?q=${tag}`);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Add New Patient" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Patient" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "Health" })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/patients/\\?tab=active&q=${tag}$`));
    await expectAccessible(page);
  });
});

test("a row's page carries what the row shows, not the patient's whole record (no birth date or phone number in the HTML)", async ({ page }) => {
  const api = await apiAs(PRACTITIONER.email);
  const tag = uniqueTag();
  const phone = `303555${String(Math.floor(Math.random() * 10000)).padStart(4, "0")}`;
  await createPatient(api, { lastName: `Minimal${tag}`, phoneNumber: phone, dob: "1961-07-23" });
  await useSession(page, PRACTITIONER.email);
  const res = await page.goto(`/patients/?q=Minimal${tag}`);
  await expect(table(page).getByRole("link", { name: `Minimal${tag}, Test` })).toBeVisible();
  await expectAccessible(page);
  const html = await res!.text();
  expect(html).toContain(`Minimal${tag}`);
  expect(html, "the phone number is not in the page").not.toContain(phone);
  expect(html, "the birth date is not in the page").not.toContain("1961-07-23");
});
