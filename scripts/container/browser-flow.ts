/**
 * The flow a real browser drives through a deployed portal (container:verify): sign in through the login form,
 * the patient list, a patient's page, sign out — with JavaScript on and off. Debian's chromium as the E2E tests
 * drive it (playwright.config.ts: chromium-headless-shell, else chromium; CHROMIUM_PATH to choose), saying it is Chrome.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../reference-api/src/seed/demo-accounts.js";
import { BROWSER_USER_AGENT } from "../bench/lib/http.js";

const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
}

/** A patient's own page (not one of its dialogs, `?dialog=…`). */
const PATIENT_PAGE = /^\/patients\/[0-9a-f-]{36}\/$/;

export interface FlowStep {
  step: string;
  ok: boolean;
  detail: string;
}

/** Runs the flow in a fresh context; every step is reported (a failing step ends the flow). */
export async function browserFlow(browser: Browser, baseURL: string, opts: { javaScript: boolean; email?: string; greeting?: RegExp }): Promise<FlowStep[]> {
  const steps: FlowStep[] = [];
  // A clinician's Chrome: the headless browser's own user agent is a bot's, which the portal answers whole documents.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: opts.javaScript, userAgent: BROWSER_USER_AGENT });
  const pageErrors: string[] = [];
  const serverErrors: string[] = [];
  const page: Page = await context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  page.on("response", (r) => {
    if (r.status() >= 500) serverErrors.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  const step = async (name: string, fn: () => Promise<string | void>) => {
    try {
      const detail = (await fn()) ?? "";
      steps.push({ step: name, ok: true, detail });
      return true;
    } catch (e) {
      steps.push({ step: name, ok: false, detail: (e as Error).message.split("\n").slice(0, 4).join(" ") });
      return false;
    }
  };
  const timeout = 30_000;
  let patientHref = "";
  try {
    const ok =
      (await step("sign in through the login form", async () => {
        const res = await page.goto("/user/login/", { timeout });
        if (res?.status() !== 200) throw new Error(`login page answered ${res?.status()}`);
        await page.getByRole("textbox", { name: "Email", exact: true }).fill(opts.email ?? "practitioner@frontrange.example");
        await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole("button", { name: /^(sign in|log in|login)$/i }).click();
        await page.waitForURL(/\/home\/$/, { timeout });
        await page.getByText(opts.greeting ?? /Hi,? Maya/).first().waitFor({ timeout });
        return "dashboard greets the practitioner";
      })) &&
      (await step("the patient list", async () => {
        const res = await page.goto("/patients/", { timeout });
        if (res?.status() !== 200) throw new Error(`/patients/ answered ${res?.status()}`);
        // The rows stream in after the shell, which has links to /patients/… of its own: wait for a patient's page link.
        const hrefs = await page
          .waitForFunction(
            (source) => {
              const found = [...document.querySelectorAll("main a[href^='/patients/']")].map((a) => a.getAttribute("href") ?? "").filter((h) => new RegExp(source).test(h));
              return found.length ? found : false;
            },
            PATIENT_PAGE.source,
            { timeout },
          )
          .then((handle) => handle.jsonValue() as Promise<string[]>)
          .catch(() => [] as string[]);
        if (hrefs.length === 0) throw new Error("no patient links in the list");
        patientHref = hrefs[0]!;
        return `${hrefs.length} patient links`;
      })) &&
      (await step("a patient's page", async () => {
        const href = patientHref;
        const res = await page.goto(href, { timeout });
        if (res?.status() !== 200) throw new Error(`${href} answered ${res?.status()}`);
        const heading = await page.getByRole("heading", { level: 1 }).first().textContent({ timeout });
        if (!heading?.trim()) throw new Error("no page heading");
        return `${href.replace(/[0-9a-f-]{36}/, "{id}")} (200, a heading)`;
      })) &&
      (await step("sign out", async () => {
        const nav = page.getByRole("navigation", { name: "Main" });
        const logout = nav.getByRole("button", { name: "Logout", exact: true });
        if (!(await logout.isVisible())) await nav.getByText("Settings", { exact: true }).click();
        await logout.click();
        await page.waitForURL(/\/user\/login\/?(\?.*)?$/, { timeout });
        const res = await page.goto("/home/", { timeout });
        if (!/\/user\/login\//.test(page.url())) throw new Error(`after sign-out /home/ was ${res?.status()} at ${page.url()}`);
        return "back on the login page; /home/ asks to sign in again";
      }));
    if (ok) {
      await step("no page errors, no 5xx", async () => {
        if (pageErrors.length || serverErrors.length) throw new Error([...pageErrors, ...serverErrors].slice(0, 5).join("; "));
      });
    }
  } finally {
    await context.close();
  }
  return steps;
}
