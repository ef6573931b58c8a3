/**
 * Whether a path (its query and fragment may follow) is one of the sales console's pages, which live
 * under /admin in any letter case (routes match without regard to case), rather than the public site's.
 */
export function isConsolePath(path: string): boolean {
  return /^\/admin(?:[/?#]|$)/i.test(path);
}
