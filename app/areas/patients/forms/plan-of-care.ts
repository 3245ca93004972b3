/**
 * The plan-of-care forms of the patient detail (000 §4, §5): Discharge and Edit Plan of Care (an end date in
 * a window) and New Plan of Care (products, start date, location, provider, injury for Health). Shared by the
 * browser (conform) and the server (authoritative). Windows come from app/areas/patients/rules/patient-record.ts.
 */
import * as z from "zod";
import { missing } from "../../../forms/fields";
import { formatDay, type DayWindow } from "../rules/patient-record";
import { BODY_PARTS, PATIENT_MESSAGES, SIDES, sideOfChoice, type BodyPart, type InjuredSide } from "./patient";
import { isIsoDate } from "./patient";
import { NEW_PLAN_PRODUCTS, newPlanProducts, type NewPlanProduct } from "./patient-options";

export { NEW_PLAN_PRODUCTS, newPlanProducts, type NewPlanProduct };

export const PLAN_MESSAGES = {
  // 000 §5 (New plan of care), verbatim:
  locationRequired: PATIENT_MESSAGES.locationRequired,
  sideRequired: "Involved side of body is required",
  bodyPartRequired: "Involved body part is required",
  // Not in the spec (it gives the windows, not their messages):
  endRequired: "Date is required",
  startRequired: "Start date is required.",
} as const;

/** 'Choose a date from 02/16/2024 to 04/12/2024.' (or 'on or before …' without a minimum). */
export function windowMessage(window: DayWindow): string {
  return window.min ? `Choose a date from ${formatDay(window.min)} to ${formatDay(window.max)}.` : `Choose a date on or before ${formatDay(window.max)}.`;
}

const inWindow = (day: string, window: DayWindow) => (window.min === null || day >= window.min) && day <= window.max;

/** Discharge / Edit Plan of Care: `end` in the window. */
export function planEndSchema(window: DayWindow) {
  return z.object({
    end: z
      .string({ error: missing(PLAN_MESSAGES.endRequired) })
      .trim()
      .min(1, { error: PLAN_MESSAGES.endRequired })
      .refine((v) => isIsoDate(v) && inWindow(v, window), { error: windowMessage(window) }),
  });
}

export interface NewPlanValue {
  start: string;
  locationId: string;
  primaryPractitionerId: string | null;
  products: NewPlanProduct[];
  injuredSideOfBody: InjuredSide;
  injuredBodyPart: BodyPart | null;
}

/**
 * New Plan of Care, step 2: the start date in its window, a location, and with Health (held or chosen) the
 * involved side (N/A allowed) and body part. `held`: the patient's products (kept; shown checked).
 */
export function newPlanSchema(options: { window: DayWindow; held: readonly string[] }) {
  const m = PLAN_MESSAGES;
  return z
    .object({
      start: z.string().optional(),
      locationId: z.string().optional(),
      primaryPractitionerId: z.string().optional(),
      products: z.array(z.string()).optional(),
      injuredSideOfBody: z.string().optional(),
      injuredBodyPart: z.string().optional(),
    })
    .superRefine((input, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const start = (input.start ?? "").trim();
      if (!start) issue("start", m.startRequired);
      else if (!isIsoDate(start) || !inWindow(start, options.window)) issue("start", windowMessage(options.window));
      if (!(input.locationId ?? "").trim()) issue("locationId", m.locationRequired);
      if (newPlanProducts(input.products, options.held).includes("HEALTH")) {
        if (!(SIDES as readonly string[]).includes(input.injuredSideOfBody ?? "")) issue("injuredSideOfBody", m.sideRequired);
        if (!(BODY_PARTS as readonly string[]).includes(input.injuredBodyPart ?? "")) issue("injuredBodyPart", m.bodyPartRequired);
      }
    })
    .transform((input): NewPlanValue => {
      const products = newPlanProducts(input.products, options.held);
      const health = products.includes("HEALTH");
      const side = input.injuredSideOfBody;
      const part = input.injuredBodyPart ?? "";
      return {
        start: (input.start ?? "").trim(),
        locationId: (input.locationId ?? "").trim(),
        primaryPractitionerId: (input.primaryPractitionerId ?? "").trim() || null,
        products,
        injuredSideOfBody: health ? sideOfChoice(side) : null,
        injuredBodyPart: health && (BODY_PARTS as readonly string[]).includes(part) ? (part as BodyPart) : null,
      };
    });
}
