/**
 * Pretendard without costing the first paint. A page is drawn in `Pretendard Fallback` (a local
 * Korean font made to take Pretendard's room, global.css) unless this browser already holds
 * Pretendard: then a script at the top of the head puts WEB_FONT_CLASS on the root element before
 * the first layout, the page asks for the faces, and they come from the browser's cache within
 * `font-display: optional`'s block period. Otherwise the hydration loader fetches the two core
 * faces once the page has loaded and the browser is idle, for the pages after this one, and notes
 * in local storage that they are there (no identifier, nothing about the visitor). So on a phone
 * on slow 4G the 108 KB of the two faces no longer travel before the first paint (Lighthouse
 * counted them there at the highest priority), and no font swaps in under a visitor's eyes.
 * Applied to every page's HTML before its CSP hashes are computed (page pipeline); both scripts
 * are plain text in the page, not in the JavaScript bundle.
 */
import regularCoreFace from '../../app/fonts/pretendard-core-400.woff2?url';
import boldCoreFace from '../../app/fonts/pretendard-core-700.woff2?url';

const WEB_FONT_CLASS = 'pretendard';
const STORAGE_KEY = 'cheonghak:web-font';
/** The two core faces (regular and bold: the ones that hold "가"), as the root stylesheet names them. */
const CORE_FACES = [regularCoreFace, boldCoreFace];

/**
 * The faces come from the HTTP cache, and a preload makes the browser hold the first paint for
 * them (a short while at most): an optional face that is not preloaded is used only if it is
 * ready at the first layout, which a read from the disk cache is not.
 */
const CHOICE_SCRIPT = [
  `<script>try{if(localStorage.getItem("${STORAGE_KEY}")==="1"){document.documentElement.classList.add("${WEB_FONT_CLASS}");`,
  `${JSON.stringify(CORE_FACES)}.forEach(function(href){var l=document.createElement("link");l.rel="preload";l.as="font";l.type="font/woff2";l.crossOrigin="anonymous";l.href=href;document.head.appendChild(l)})}}catch(e){}</script>`,
].join('');

/** Puts the choice first in the head, before any stylesheet is applied. */
export function chooseWebFont(html: string): string {
  const head = /<head>/.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + CHOICE_SCRIPT + html.slice(at);
}

/**
 * For the hydration loader: after `load`, when idle, the core faces are fetched into the HTTP cache
 * at low priority and, once both are there, noted for the next pages. Fetched, not loaded as
 * faces: a face loaded here would be decoded on this page's main thread and make the browser
 * restyle the text of a page that does not even draw in it.
 */
export const WARM_WEB_FONT = [
  `if(!document.documentElement.classList.contains("${WEB_FONT_CLASS}")&&window.fetch){`,
  'var warm=function(){(window.requestIdleCallback||function(f){setTimeout(f,1)})(function(){',
  `Promise.all(${JSON.stringify(CORE_FACES)}.map(function(href){return fetch(href,{priority:"low"}).then(function(r){if(!r.ok)throw r;return r.arrayBuffer()})}))`,
  `.then(function(){localStorage.setItem("${STORAGE_KEY}","1")}).catch(function(){})},{timeout:3000})};`,
  'if(document.readyState==="complete")warm();else addEventListener("load",warm,{once:true})}',
].join('');
