/**
 * What an RTM claim line needs besides the code (docs/decisions/044-rtm-claim-practitioners-and-exports.md), pure:
 * no database, no clock, no imports (the reference API imports this file under NodeNext, the portal under Vite).
 *
 * - the **NPI**: ten digits whose last is the Luhn check digit of the first nine behind the prefix 80840 (CMS, *NPI:
 *   What You Need To Know*; ISO/IEC 7812 card issuer prefix 80840 for US health applications);
 * - the **credential** of a practitioner (PT or PTA, or another licensed professional) and its words;
 * - the **modifiers** of a claim line: GP (services under an outpatient physical therapy plan of care) on every RTM
 *   code a physical therapy practice bills, CQ when a physical therapist assistant furnished the service in whole or
 *   in part — more than 10 % of its minutes (CMS's de minimis standard) — which reduces its payment.
 */

/** A provider's credential: physical therapist, physical therapist assistant, or another professional. */
export type Credential = "PT" | "PTA" | "OTHER";
export const CREDENTIALS: readonly Credential[] = ["PT", "PTA", "OTHER"];
export const CREDENTIAL_LABEL: Record<Credential, string> = {
  PT: "Physical therapist (PT)",
  PTA: "Physical therapist assistant (PTA)",
  OTHER: "Other licensed professional",
};
/** Short words after a name: "PT", "PTA". */
export const CREDENTIAL_SHORT: Record<Credential, string> = { PT: "PT", PTA: "PTA", OTHER: "Other" };

export const NPI_MESSAGES = {
  format: "Enter the 10-digit NPI.",
  checkDigit: "This NPI's check digit is wrong: check the number.",
} as const;

/** The NPI's Luhn check over "80840" + its first nine digits (its tenth digit). */
export function npiCheckDigit(first9: string): number {
  const digits = `80840${first9}`;
  let sum = 0;
  // From the right of the 14 digits, every other digit (the rightmost first) is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Why an NPI is not valid (the field's message), or null when it is. */
export function npiProblem(npi: string): string | null {
  if (!/^\d{10}$/.test(npi)) return NPI_MESSAGES.format;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]) ? null : NPI_MESSAGES.checkDigit;
}

export const isValidNpi = (npi: string) => npiProblem(npi) === null;

/** A claim line's facts that decide its modifiers. */
export interface ModifierFacts {
  /** The care notes (counted minutes) of a management code, each with its author's credential. */
  entries: readonly { minutes: number; credential: Credential | null }[];
}

/** More than 10 % of the minutes furnished by a PTA (CMS's de minimis standard for CQ). */
export function ptaInPart(entries: ModifierFacts["entries"]): boolean {
  const total = entries.reduce((s, e) => s + Math.max(0, e.minutes), 0);
  const pta = entries.reduce((s, e) => s + (e.credential === "PTA" ? Math.max(0, e.minutes) : 0), 0);
  return pta > 0 && pta * 10 > total;
}

/**
 * The modifiers of an RTM claim line: GP always (the codes are billed under the physical therapy plan of care),
 * CQ when a PTA furnished more than 10 % of a treatment-management code's minutes. Device codes carry no CQ: the
 * supply of a device is no service a PTA furnishes, and the set-up's performer is not recorded.
 */
export function claimModifiers(code: string, facts: ModifierFacts): ("GP" | "CQ")[] {
  const management = code === "98979" || code === "98980" || code === "98981";
  return management && ptaInPart(facts.entries) ? ["GP", "CQ"] : ["GP"];
}

/** The billing practitioner's words: "Okafor, Maya (PT, NPI 1234567893)". */
export function renderingLabel(p: { firstName: string; lastName: string; npi: string | null; credential: Credential | null }): string {
  const name = `${p.lastName}, ${p.firstName}`;
  const facts = [p.credential ? CREDENTIAL_SHORT[p.credential] : null, p.npi ? `NPI ${p.npi}` : "no NPI"].filter(Boolean);
  return `${name} (${facts.join(", ")})`;
}
