import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { quietCancelledNavigations } from "./shell/cancelled-navigations";
import { enhanceDownloads } from "./shell/downloads";
import { markScriptingCookie } from "./shell/scripting";

// From now on the server may stream this browser's pages (it runs the scripts that swap streamed data in).
markScriptingCookie();
// Download links: a failure shows the server's message in an alert (002 §8), not a failed download.
enhanceDownloads();
// A navigation replaced by another is cancelled, not failed (React Router 8.4 leaves its stream's rejection unhandled).
quietCancelledNavigations();

// Once the page has loaded: the browser keeps the stylesheets its document carried inline, and the next document
// links them instead (app/shell/cached-sheets.ts). Loaded then, as a module of its own: nothing before interaction.
whenLoaded(() => void import("./shell/remember-sheets").then((m) => m.rememberSheets(), () => undefined));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

/** Runs `task` once the document has loaded and the browser is idle (a timer where there is no idle callback). */
function whenLoaded(task: () => void): void {
  const idle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(task, { timeout: 5_000 }) : setTimeout(task, 200));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
