/**
 * Vite plugin for the client build: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level
 * 9) copy next to every text asset of the bundle, so the server sends hashed assets without
 * compressing them again on each request (web/server/pages/precompressed.ts) — less CPU per
 * request and smaller files than on-the-fly brotli at the quality a live response can afford.
 *
 * Kept instead of vite-plugin-compression2 (2.5.3, checked with `npm view`): it declares no
 * supported Vite or Node version (no peerDependencies, no engines; its own tests run Vite 7), and
 * it works by wrapping Vite's internal manifest / import-analysis plugins and replacing
 * process.stdout.write during the build, where this uses only the public `writeBundle` hook.
 * Configured the same way (two algorithms, levels, extensions, threshold) it would save ~15 lines.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; fonts and images are compressed formats already. */
export const PRECOMPRESSED_EXTENSIONS = /\.(js|css|svg|json|txt)$/;
/** Below this, the compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  return {
    name: 'cheonghak:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!PRECOMPRESSED_EXTENSIONS.test(output.fileName)) return;
          const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
          if (source.length < MIN_BYTES) return;
          const file = join(outDir, output.fileName);
          const brotli = brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          });
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipSync(source, { level: 9 }))]);
        }),
      );
    },
  };
}
