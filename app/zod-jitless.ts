/**
 * zod 4 decides, when an object schema is built (at module load), whether it may compile a faster parser, by
 * probing `new Function("")`. The portal's CSP refuses eval (no 'unsafe-eval'), and the browser reports the probe
 * as a violation even though zod catches it. In the browser, schemas are built jitless, with no probe (ADR 024 §13).
 * This must run before any schema is built: it is the first import of app/root.tsx, the first route module the
 * browser evaluates. The server keeps the compiled parsers (no CSP applies there).
 */
import { config } from "zod/v4/core";
// The forms' fallback messages (over-long text: the length message), set before any form is checked.
import "./forms/fields";

if (typeof document !== "undefined") config({ jitless: true });
