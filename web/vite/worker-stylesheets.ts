/**
 * A bundle built with `?worker&url` (the preview overlay) has its CSS written to a file of its own
 * that nothing links: Vite links a chunk's CSS only for the app's own chunks. This plugin, in the
 * worker build, makes each chunk that imports CSS link it when it runs (a `<link rel="stylesheet">`
 * to the same-origin file, which the CSP's `style-src 'self'` allows).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export function linkWorkerStylesheets(): Plugin {
  return {
    name: 'link-worker-stylesheets',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const stylesheets = [...(chunk.viteMetadata?.importedCss ?? [])];
        if (stylesheets.length === 0) continue;
        const hrefs = stylesheets.map((file) => `./${path.posix.relative(path.posix.dirname(chunk.fileName), file)}`);
        const link = `for(const h of ${JSON.stringify(hrefs)}){const u=new URL(h,import.meta.url).href;if(!document.querySelector('link[rel="stylesheet"][href="'+u+'"]')){const l=document.createElement("link");l.rel="stylesheet";l.href=u;document.head.append(l)}}\n`;
        chunk.code = link + chunk.code;
      }
    },
  };
}
