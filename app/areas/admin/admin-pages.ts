/**
 * The admin area's pages by path (003 §2's route constants) — placeholders until the admin issue builds them.
 * Unknown paths under /admin/ are not found.
 */
import { normalizePath } from "../../shell/nav";

const PAGES: Array<[RegExp, string]> = [
  [/^\/admin$/, "Admin"],
  [/^\/admin\/organizations$/, "Organizations"],
  [/^\/admin\/locations$/, "Locations"],
  [/^\/admin\/scan$/, "Scan"],
  [/^\/admin\/scan\/sessions$/, "Scan Sessions"],
  [/^\/admin\/scan\/client-versions$/, "Scan Client Versions"],
  [/^\/admin\/scan\/organizations$/, "Scan Organizations"],
  [/^\/admin\/scan\/organizations\/[\w-]+\/modules$/, "Scan Modules"],
  [/^\/admin\/scan\/organizations\/[\w-]+\/analysis$/, "Scan Analysis"],
  [/^\/admin\/gait$/, "Gait"],
  [/^\/admin\/gait\/sessions$/, "Gait Sessions"],
  [/^\/admin\/pros$/, "PROs"],
  [/^\/admin\/pros\/forms$/, "PRO Forms"],
  [/^\/admin\/pros\/responses$/, "PRO Responses"],
  [/^\/admin\/users\/find-by-uuid$/, "Get User By UUID"],
  [/^\/admin\/users\/signup-link$/, "Get Provider Signup Link"],
  [/^\/admin\/access-history$/, "Access History"],
  [/^\/admin\/insights$/, "Insights"],
  [/^\/admin\/settings$/, "Admin Settings"],
];

/** The page's title, or null when the path is not one of the admin area's. */
export function adminPageTitle(pathname: string): string | null {
  const path = normalizePath(pathname);
  return PAGES.find(([re]) => re.test(path))?.[1] ?? null;
}
