/**
 * Stand-ins until patients-list's shared app/domain/names.ts and app/domain/phone.ts are merged.
 */
export { patientName as displayName } from "../dashboard/rules";

/** +1XXXXXXXXXX → (xxx) xxx-xxxx. */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}
