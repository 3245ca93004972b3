/**
 * Server rendering: browsers get the shell as soon as it is ready and slow data streams in after it; bots
 * (and tools isbot recognises, such as curl) and browsers not yet seen running scripts (JavaScript off: the
 * `exer-js` cookie, app/shell/scripting.ts) get the whole document at once. Every inline script carries the
 * response's CSP nonce.
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { HtmlBatches } from "./html-batches.server";
import { errorFields, log } from "./log.server";
import { dropSessionCache } from "./api/user-api.server";
import { NonceProvider } from "./components/nonce";
import { clientRunsScripts } from "./shell/scripting";

/** How long deferred data may take before the stream is closed (single fetch's `streamTimeout`). */
export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  // Stream only to browsers known to run scripts (React swaps streamed content in with a script).
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode || !clientRunsScripts(request);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // React's chunks leave in its batches (the shell, each streamed section): one write, one compressor flush each.
          const body = new HtmlBatches();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render error while streaming", { requestId: loadContext.requestId, ...errorFields(error) });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Errors of loaders and actions: logged without request data; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  log.error("request failed", { requestId: (context as AppLoadContext | undefined)?.requestId, ...errorFields(error) });
  // An answer the page could not use (a profile breaking the contract, …) is not kept for the next request (ADR 021).
  if (context) {
    try {
      dropSessionCache(request, context as AppLoadContext);
    } catch (err) {
      log.warn("session cache not dropped", { requestId: (context as AppLoadContext).requestId, ...errorFields(err) });
    }
  }
};
