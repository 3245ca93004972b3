/**
 * Reads an action's form: `request.formData()`, with a body it cannot read (a broken multipart body, a multipart
 * part without a name, a stream cut short) answered 400 with a message instead of the TypeError it throws (a 500
 * before; issue 23, finding 8). Posts that are not forms at all never get here: the server answers them 415
 * (server/odd-requests.ts). The forms with files read theirs with limits (multipart.server.ts) and answer their
 * own 400 for an unreadable body. Every action reads its form through this or that (eslint forbids
 * `request.formData()` elsewhere).
 */
import { data } from "react-router";

export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Reload the page and try again.";

/** The 400 an unreadable form gets (the error screen shows its message). */
export const unreadableForm = () => data({ message: UNREADABLE_FORM_MESSAGE }, { status: 400 });

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw unreadableForm();
  }
}
