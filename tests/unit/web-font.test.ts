import { describe, expect, it } from 'vitest';
import { chooseWebFont } from '../../web/server/pages/web-font';

describe('chooseWebFont', () => {
  it('puts the choice first in the head, so it runs before the first layout', () => {
    const page = chooseWebFont('<!DOCTYPE html><html lang="ko"><head><meta charSet="utf-8"/><style>b{}</style></head><body></body></html>');
    expect(page).toMatch(
      /^<!DOCTYPE html><html lang="ko"><head><script>try\{if\(localStorage\.getItem\("cheonghak:web-font"\)==="1"\)\{document\.documentElement\.classList\.add\("pretendard"\);/,
    );
    expect(page).toMatch(/<\/script><meta charSet="utf-8"\/>/);
  });

  it('preloads both core faces for a browser that holds them, so the first paint waits for them from its cache', () => {
    const script = /<script>([^<]*)<\/script>/.exec(chooseWebFont('<head></head>'))![1];
    const faces = JSON.parse(/(\[[^\]]+\])\.forEach/.exec(script)![1]) as string[];
    expect(faces).toEqual([expect.stringMatching(/pretendard-core-400.*\.woff2$/), expect.stringMatching(/pretendard-core-700.*\.woff2$/)]);
    expect(script).toContain('l.rel="preload";l.as="font"');
    expect(script).toContain('l.crossOrigin="anonymous"');
  });

  it('leaves a document without a head as it is', () => {
    expect(chooseWebFont('{"error":"x"}')).toBe('{"error":"x"}');
  });
});
