/**
 * What the build knows about itself: the release it was built as (vite.config.ts defines `__BUILD_RELEASE__`
 * from BUILD_RELEASE at build time, else the commit it was built from). The build label (000 §9 'Build label QA,
 * release 1.63.2') shows it unless APP_RELEASE names another (app/config.server.ts).
 */
declare const __BUILD_RELEASE__: string | undefined;

/** The release of this build; 'development' where nothing defined it (the unit tests, a build without git). */
export const BUILT_RELEASE: string = typeof __BUILD_RELEASE__ === "string" && __BUILD_RELEASE__ ? __BUILD_RELEASE__ : "development";
