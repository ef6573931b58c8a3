import { describe, expect, it } from 'vitest';
import { chooseWebFont } from '../../web/server/http/web-font';

describe('chooseWebFont', () => {
  it('puts the choice first in the head, so it runs before the first layout', () => {
    const page = chooseWebFont('<!DOCTYPE html><html lang="ko"><head><meta charSet="utf-8"/><style>b{}</style></head><body></body></html>');
    expect(page).toMatch(/^<!DOCTYPE html><html lang="ko"><head><script>try\{if\(localStorage\.getItem\("cheonghak:web-font"\)==="1"\)document\.documentElement\.classList\.add\("pretendard"\)\}catch\(e\)\{\}<\/script><meta charSet="utf-8"\/>/);
  });

  it('leaves a document without a head as it is', () => {
    expect(chooseWebFont('{"error":"x"}')).toBe('{"error":"x"}');
  });
});
