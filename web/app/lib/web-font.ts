/**
 * Pretendard without costing the first paint. A page is drawn in `Pretendard Fallback` (a local
 * Korean font made to take Pretendard's room, global.css) unless this browser already holds
 * Pretendard: then the root element carries WEB_FONT_CLASS before the first layout, the page asks
 * for the faces, and they come from the browser's cache within `font-display: optional`'s block
 * period. Otherwise the faces are fetched once the page has loaded and the browser is idle, for
 * the pages after this one: on a phone on slow 4G the 108 KB of the two faces no longer travel
 * before the first paint (Lighthouse counted them there at the highest priority), and no font
 * swaps in under a visitor's eyes.
 */
import { useEffect } from 'react';
import { afterLoadWhenIdle } from './after-load';

const WEB_FONT_CLASS = 'pretendard';
/** Says "the faces are in this browser's cache": no identifier, nothing about the visitor. */
const WEB_FONT_STORAGE_KEY = 'cheonghak:web-font';
/** A character of the core faces (every character the site's own text uses), one per weight. */
const FACES_TO_WARM = ['400 1em Pretendard', '700 1em Pretendard'];

/** Runs in the head before the first layout (storage may be blocked, in the Studio's frame). */
export const WEB_FONT_CHOICE_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(WEB_FONT_STORAGE_KEY)})==="1")document.documentElement.classList.add(${JSON.stringify(WEB_FONT_CLASS)})}catch(e){}`;

/** After this page has loaded: fetch the faces for the next pages, unless this one uses them. */
export function useWebFontForNextPages(): void {
  useEffect(() => {
    if (document.documentElement.classList.contains(WEB_FONT_CLASS) || !document.fonts) return;
    afterLoadWhenIdle(() => {
      Promise.all(FACES_TO_WARM.map((face) => document.fonts.load(face, '가')))
        .then((loaded) => {
          if (loaded.every((faces) => faces.length > 0)) localStorage.setItem(WEB_FONT_STORAGE_KEY, '1');
        })
        .catch(() => {
          // Not loaded, or storage blocked: the next page is drawn in the fallback too.
        });
    });
  }, []);
}
