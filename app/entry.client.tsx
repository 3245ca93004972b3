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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
