import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { markScriptingCookie } from "./shell/scripting";

// From now on the server may stream this browser's pages (it runs the scripts that swap streamed data in).
markScriptingCookie();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
