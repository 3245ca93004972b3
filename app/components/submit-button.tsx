import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

/** A submit button that shows its pending state while its form is being sent (with JavaScript). */
export function SubmitButton({ children, pendingText, name, value, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { pendingText?: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (name === undefined || navigation.formData?.get(String(name)) === String(value ?? ""));
  return (
    <button type="submit" name={name} value={value} className={className ?? "button primary"} aria-disabled={pending || undefined} {...rest}>
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
