/** Stylesheets imported by routes resolve to their URL (Remix classic compiler). */
declare module "*.css" {
  const href: string;
  export default href;
}
