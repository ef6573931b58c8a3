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
const WEB_FONT_CLASS = 'pretendard';
const STORAGE_KEY = 'cheonghak:web-font';

const CHOICE_SCRIPT = `<script>try{if(localStorage.getItem("${STORAGE_KEY}")==="1")document.documentElement.classList.add("${WEB_FONT_CLASS}")}catch(e){}</script>`;

/** Puts the choice first in the head, before any stylesheet is applied. */
export function chooseWebFont(html: string): string {
  const head = /<head>/.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + CHOICE_SCRIPT + html.slice(at);
}

/**
 * For the hydration loader: after `load`, when idle, the core faces of both weights (the ones that
 * hold "가") are fetched and, once both are there, noted for the next pages.
 */
export const WARM_WEB_FONT = [
  `if(!document.documentElement.classList.contains("${WEB_FONT_CLASS}")&&document.fonts){`,
  'var warm=function(){(window.requestIdleCallback||function(f){setTimeout(f,1)})(function(){',
  'Promise.all(["400","700"].map(function(w){return document.fonts.load(w+" 1em Pretendard","\\uAC00")}))',
  `.then(function(faces){if(faces[0].length&&faces[1].length)localStorage.setItem("${STORAGE_KEY}","1")}).catch(function(){})},{timeout:3000})};`,
  'if(document.readyState==="complete")warm();else addEventListener("load",warm,{once:true})}',
].join('');
