/**
 * A dialog's URLs (app/components/dialog.tsx: every dialog has one): the link that opens it and its close link. Apart
 * from the dialog itself, so a page that only links to its dialogs does not load the dialog's code before one is
 * opened (ADR 038: dialogs load on first use). In the shell's file (scripts/bundle/chunk-groups.ts): the screens that
 * link to a dialog load it with the shell, not as a file of their own.
 */

/** `href` (path + search) without the given search parameters: the close link of a dialog. */
export function withoutParams(location: { pathname: string; search: string }, names: readonly string[]): string {
  const params = new URLSearchParams(location.search);
  for (const name of names) params.delete(name);
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/** `href` with the given search parameters set (undefined/null removes one): a link that opens a dialog. */
export function withParams(location: { pathname: string; search: string }, set: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(set)) {
    if (value === null || value === undefined) params.delete(name);
    else params.set(name, value);
  }
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}
