import { useNavigation } from "react-router";
import type { ButtonHTMLAttributes } from "react";

/**
 * A submit button that shows its pending state while its form is being sent (with JavaScript), and ignores
 * clicks meanwhile (the one-time form token makes a repeat harmless anyway: ADR 005). `pendingWhen` names the
 * form's intent when the button itself carries no name (a hidden `intent` field).
 */
export function SubmitButton({
  children,
  pendingText,
  pendingWhen,
  name,
  value,
  className,
  onClick,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { pendingText?: string; pendingWhen?: { intent: string } }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    (pendingWhen
      ? navigation.formData?.get("intent") === pendingWhen.intent
      : name === undefined || navigation.formData?.get(String(name)) === String(value ?? ""));
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={className ?? "button primary"}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        onClick?.(event);
      }}
      {...rest}
    >
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
