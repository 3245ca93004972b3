/**
 * Server rendering: browsers get the shell as soon as it is ready and slow data streams in after it; bots
 * (and tools isbot recognises, such as curl) and browsers not yet seen running scripts (JavaScript off: the
 * `exer-js` cookie, app/shell/scripting.ts) get the whole document at once. Every inline script carries the
 * response's CSP nonce, and so do the stylesheets the document carries inline (app/shell/document-links.tsx).
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { acceptsGzip, HtmlBatches } from "./html-batches.server";
import { errorFields, log } from "./log.server";
import { dropSessionCache } from "./api/user-api.server";
import { NonceProvider } from "./components/nonce";
import { InlineCssProvider } from "./shell/document-links";
import { portalRequest, type PortalLoadContext } from "./context";
import { clientRunsScripts } from "./shell/scripting";
import { lackingSheets } from "./shell/cached-sheets";
import { getConfig } from "./config.server";
import { serverInstrumentations } from "./telemetry.server";

/** Traces (ADR 030): the request's route pattern and a span per loader and action; none when traces are off. */
export const instrumentations = serverInstrumentations();

/**
 * How long deferred data may take before the stream is closed (single fetch's `streamTimeout`; the render itself is
 * aborted 1 s later): longer than one provider-API call may take (PROVIDER_API_TIMEOUT_MS, 15 s by default), so a
 * streamed section always ends as its data or its error state. It was 10 s against the API's 15 s: a section whose
 * call answered after 11 s was cut, and a page rendered whole for a client without scripts was answered 500 with its
 * section never shown (a rolling restart in CI, the dashboard's cards on a loaded machine).
 */
export const streamTimeout = getConfig().api.timeoutMs + 1_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: PortalLoadContext,
) {
  const { nonce, requestId, inlineCss: buildCss } = portalRequest(loadContext);
  // The build's sheets inline, but for those this browser says it has (app/shell/cached-sheets.ts): linked.
  const inlineCss = buildCss && lackingSheets(buildCss, request.headers.get("Cookie"));
  // Stream only to browsers known to run scripts (React swaps streamed content in with a script).
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode || !clientRunsScripts(request);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={inlineCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        // React 19 moves a finished Suspense boundary out of line (hidden, revealed by a script) once the document
        // before it passes progressiveChunkSize (12.8 KB): a document for a client that runs no scripts must have
        // every boundary in place (the patient list's lazy dialogs stayed hidden without JavaScript).
        progressiveChunkSize: waitForAll ? Number.MAX_SAFE_INTEGER : undefined,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // React's chunks leave in its batches (the shell, each streamed section), compressed here when the browser
          // takes gzip (app/html-batches.server.ts; the compression middleware leaves an encoded response as it is).
          const gzip = acceptsGzip(request.headers.get("Accept-Encoding"));
          const body = new HtmlBatches({ gzip });
          body.on("finish", () => clearTimeout(timer));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.append("Vary", "Accept-Encoding");
          if (gzip) responseHeaders.set("Content-Encoding", "gzip");
          if (!waitForAll) responseHeaders.append("Link", entryScriptsLink(routerContext.manifest));
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render error while streaming", { requestId, ...errorFields(error) });
        },
      },
    );
    // Abort a render still waiting after streamTimeout (its pending sections then show their error state); cleared when
    // the document ends, so a finished response does not keep its closure alive.
    timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

/**
 * The scripts every page runs first — the entry (with React, React DOM and React Router: ~93 KB Brotli of the ~105 KB
 * of scripts a page loads) and the root route's (the document's code) — in the response's headers as module preloads:
 * a browser that runs scripts starts fetching them with the document's first byte instead of once it has parsed the
 * document's head (which carries the page's stylesheets inline first: ADR 038). On a slow link the link is otherwise
 * idle for that time.
 */
function entryScriptsLink(manifest: EntryContext["manifest"]): string {
  const root = manifest.routes.root;
  const urls = new Set([...manifest.entry.imports, manifest.entry.module, ...(root ? [...(root.imports ?? []), root.module] : [])]);
  return [...urls].map((url) => `<${url}>; rel=modulepreload`).join(", ");
}

/** Errors of loaders and actions: logged without request data; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const requestId = context ? portalRequest(context).requestId : undefined;
  log.error("request failed", { requestId, ...errorFields(error) });
  // An answer the page could not use (a profile breaking the contract, …) is not kept for the next request (ADR 021).
  if (context) {
    try {
      dropSessionCache(request, context);
    } catch (err) {
      log.warn("session cache not dropped", { requestId, ...errorFields(err) });
    }
  }
};
