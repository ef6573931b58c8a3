/**
 * Rewrites a rendered page so that its hydration JavaScript starts loading only after the page's
 * first contentful paint, instead of competing with it at high priority (not after `load`, which
 * moves hydration's long task into the blocking time; docs/decisions/003). Applied to every
 * page's HTML before its CSP hashes are computed (page pipeline).
 *
 * - `<link rel="modulepreload">` are taken out;
 * - React Router's module script becomes a data block (`type="text/x-deferred-module"`), which
 *   browsers do not run;
 * - one small classic script, after the first contentful paint, adds the module preloads back (the modules then
 *   download in parallel, not one import level after another) and runs the data block's text as
 *   a module script. That text is the data block's, so the CSP hash of the page allows it. The
 *   same script also puts back the stylesheet links inlineStylesheets took out of the page, and
 *   fetches Pretendard for the next pages once this one has loaded (web-font.ts).
 *
 * Until then the page works as server HTML: links navigate and forms post. React 19 skips the
 * extra script element when it hydrates the body, and inserts the module preloads it renders
 * itself (the modules are loaded by then).
 */
import { WARM_WEB_FONT } from './web-font';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script type="module"(?: async="")?>/;
const DEFERRED_TYPE = 'text/x-deferred-module';

/** Runs once the page has painted its first content; without paint timing, or after 3 s, anyway. */
function loader(preloads: string[]): string {
  return [
    '(function(){',
    'var started=false;',
    'function start(){',
    'if(started)return;started=true;',
    // Stylesheets put into the page by inlineStylesheets: each link back where React rendered it,
    // so that hydration finds it, but disabled: the inline copy keeps styling the page (switching
    // to the file restyled every element after the first paint, a long task on a phone). A copy
    // goes when React removes its link, on a client navigation away from its route.
    'document.querySelectorAll("style[data-inlined]").forEach(function(c){var l=document.createElement("link");l.rel="stylesheet";l.disabled=true;',
    'l.href=c.getAttribute("data-inlined");c.parentNode.insertBefore(l,c)});',
    'new MutationObserver(function(changes){changes.forEach(function(change){change.removedNodes.forEach(function(n){',
    'var href=n.nodeName==="LINK"&&n.rel==="stylesheet"&&n.getAttribute("href");if(!href)return;',
    'var same=function(e){return e.getAttribute("href")===href||e.getAttribute("data-inlined")===href};',
    'if(![].some.call(document.querySelectorAll("link[rel=stylesheet]"),same))[].forEach.call(document.querySelectorAll("style[data-inlined]"),function(c){if(same(c))c.remove()})',
    '})})}).observe(document.head,{childList:true});',
    `${JSON.stringify(preloads)}.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});`,
    `var inert=document.querySelector('script[type="${DEFERRED_TYPE}"]');`,
    'if(!inert)return;',
    'var s=document.createElement("script");s.type="module";s.textContent=inert.textContent;document.body.appendChild(s);',
    // Pretendard for the next pages, once this one has painted and loaded (web-font.ts): a page with
    // nothing to fetch can fire load before its first paint.
    WARM_WEB_FONT,
    '}',
    'try{var o=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();start()}});',
    'o.observe({type:"paint",buffered:true});setTimeout(start,3000)}catch(e){start()}',
    '})()',
  ].join('');
}

export function deferHydration(html: string): string {
  const match = MODULE_SCRIPT.exec(html);
  if (!match) return html;
  const end = html.indexOf('</script>', match.index);
  if (end < 0) return html;
  const closing = end + '</script>'.length;
  const preloads = new Set<string>();
  const withoutPreloads = (part: string) =>
    part.replace(MODULE_PRELOAD, (_link, href: string) => {
      preloads.add(href);
      return '';
    });
  const before = withoutPreloads(html.slice(0, match.index));
  const after = withoutPreloads(html.slice(closing));
  const moduleText = html.slice(match.index + match[0].length, end);
  return `${before}<script type="${DEFERRED_TYPE}">${moduleText}</script><script>${loader([...preloads])}</script>${after}`;
}
