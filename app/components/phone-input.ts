/**
 * Type-as-you-go formatting of a phone input in the spec's mask '(999)999-9999' (000 §5), the browser's half of
 * app/domain/phone.ts's `maskPhone` (the server applies the same function to a form it shows again, so the text is
 * the same with JavaScript off). The caret stays after the same digit it was after.
 *
 *   <input type="tel" onInput={formatPhoneInput} … />
 */
import type { FormEvent } from "react";
import { maskPhone } from "../domain/phone";

/** Where the caret goes in `masked` to stay after the `digitsBefore`-th digit. */
export function caretAfterDigits(masked: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return masked.startsWith("(") && masked.length > 1 ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return masked.length;
}

export function formatPhoneInput(event: FormEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const typed = input.value;
  const masked = maskPhone(typed);
  if (masked === typed) return;
  const caret = input.selectionStart ?? typed.length;
  const digitsBefore = typed.slice(0, caret).replace(/\D/g, "").length;
  // An 11-digit number with its country code loses the leading 1: one digit fewer before the caret.
  const dropped = typed.replace(/\D/g, "").length - masked.replace(/\D/g, "").length;
  input.value = masked;
  const at = caret >= typed.length ? masked.length : caretAfterDigits(masked, digitsBefore - dropped);
  input.setSelectionRange(at, at);
}
