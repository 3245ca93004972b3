/**
 * A fix to React Router's browser code, applied where the build reads it (react-router 8.4.0,
 * dist/{production,development}/lib/dom/ssr/routes.js, `createClientRoutes` → `prefetchStylesAndCallHandler`).
 *
 * Every route's client loader and action (the ones React Router makes for a server `loader`/`action`) runs as
 *
 *     let linkPrefetchPromise = prefetchStyleLinks(route, module); // <link rel=preload as=style>, waits for its load
 *     try { return handler(); } finally { await linkPrefetchPromise; }
 *
 * The handler's promise (the single-fetch `.data` request) is returned but not awaited while the finally waits for
 * the route's stylesheets. When that request answers with a redirect, React Router's `unwrapSingleFetchResult` throws
 * a `Response` (`redirect(…)`), and if the answer came before the stylesheet preload finished, the rejection has no
 * handler yet: the browser reports "Uncaught (in promise) Response" (Playwright's `pageerror`: "Response", no stack),
 * although the router adopts the promise a moment later and follows the redirect as it should. It happens whenever a
 * navigation's or revalidation's `.data` answer is a redirect and a stylesheet of the matched routes is still loading
 * — e.g. the sign-in's redirect to `/` (`_app._index` redirects on to `/home/`) while the shell's stylesheet, or the
 * root's (carried inline in the first document, ADR 038, so React Router preloads it again), is on its way: rare,
 * under load. (A loader's thrown error would be reported the same way, under its own class.)
 *
 * The fix awaits the handler inside the `try`: its rejection is observed at once, and the function still waits for
 * the stylesheets before it settles, with the same value or error. The transform fails the build when the code is not
 * found (a React Router upgrade changed it): check whether the upgrade fixed it, then remove this plugin.
 */
import type { Plugin } from "vite";

/** React Router's module that holds the code (either build of the package). */
const TARGET = /[\\/]react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]dom[\\/]ssr[\\/]routes\.js$/;

const UNAWAITED = /(async function prefetchStylesAndCallHandler\(handler\) \{[^}]*?try \{\s*)return handler\(\);(\s*\} finally \{\s*await linkPrefetchPromise;)/;

/** The module's code with the handler awaited; throws when React Router's code is not the one this fixes. */
export function awaitRouteHandler(code: string, id = "react-router/lib/dom/ssr/routes.js"): string {
  if (!UNAWAITED.test(code)) {
    throw new Error(`${id}: React Router's prefetchStylesAndCallHandler is not the code scripts/bundle/route-handler-rejections.ts fixes (upgraded?). Check whether it still returns handler() unawaited before awaiting the style prefetch; remove the plugin if not.`);
  }
  return code.replace(UNAWAITED, "$1return await handler();$2");
}

/** The Vite plugin: the fix in the browser build (and the development server's optimized copy, see vite.config.ts). */
export function routeHandlerRejections(): Plugin {
  return {
    name: "react-router-route-handler-rejections",
    transform: {
      filter: { id: TARGET },
      handler(code, id) {
        if (!TARGET.test(id)) return null;
        return { code: awaitRouteHandler(code, id), map: null };
      },
    },
  };
}
