/**
 * Puts a page's own stylesheets into the page, so that its first paint waits for the document
 * alone and not for one more round trip per stylesheet (Lighthouse on `/` counted four
 * render-blocking files). Applied to every page's HTML before its CSP hashes are computed.
 *
 * Each `<link rel="stylesheet">` of ours is replaced by a `<style data-inlined="href">` holding the
 * file's text: the document names no stylesheet file, so no browser fetches one before the first
 * paint, and without JavaScript none at all. (A `disabled` link was not enough: Chromium 150
 * fetched disabled stylesheet links from the markup at once, at the highest priority.) After the
 * first paint the hydration loader (deferred-hydration.ts) puts each link back where it was,
 * disabled, before hydration starts (React 19 hydrates head links by `rel` and `href` and skips
 * the extra `<style>` elements); the inline copies keep styling the page, and one goes when a
 * client navigation removes its link. Client navigations add and remove the other routes'
 * stylesheets as files themselves.
 *
 * The copies stay rather than give way to the files: switching a page from one to the other
 * restyles every element (a long task on a phone), and the root stylesheet's file would declare
 * the Pretendard faces again, which would load again and swap in after the first paint.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)"\/>/g;

/** The text of one of our built stylesheets, or undefined (not ours, missing, or not inlinable). */
export type StylesheetText = (href: string) => string | undefined;

export function inlineStylesheets(html: string, stylesheetText: StylesheetText): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd).replace(STYLESHEET_LINK, (link, href: string) => {
    const text = stylesheetText(href);
    if (text === undefined) return link;
    return `<style data-inlined="${href}">${text}</style>`;
  });
  return head + html.slice(headEnd);
}

/**
 * Reads the build's stylesheets (`<publicPath>assets/<name>.css` under the client build folder),
 * each once: their names carry a content hash, so a file never changes under its name.
 */
export function builtStylesheets(clientDirectory: string, publicPath: string): StylesheetText {
  const texts = new Map<string, string | undefined>();
  const ownStylesheet = new RegExp(`^${publicPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}assets/([\\w.-]+\\.css)$`);
  return (href) => {
    const name = ownStylesheet.exec(href)?.[1];
    if (!name) return undefined;
    if (texts.has(name)) return texts.get(name);
    let text: string | undefined;
    try {
      text = readFileSync(join(clientDirectory, 'assets', name), 'utf8');
    } catch {
      text = undefined;
    }
    // Text that could close the element early is left as a link.
    if (text !== undefined && /<\/style/i.test(text)) text = undefined;
    texts.set(name, text);
    return text;
  };
}
