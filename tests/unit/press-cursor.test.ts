import { describe, expect, it } from 'vitest';
import { decodePressCursor as decodeCursor, encodePressCursor as encodeCursor } from '../../web/server/press/cursor';
import { paragraphsToBlocks } from '../../web/server/press/service';

describe('press cursor', () => {
  it('round-trips date, id and position as an opaque URL-safe string', () => {
    const cursor = { date: '2025-03-10T00:00:00.000Z', id: 'press-sample-06', position: 10 };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[\w-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64 json', 'zzz'],
    ['characters outside base64url', 'a+b/c='],
    ['wrong shape', Buffer.from(JSON.stringify({ date: 'x' })).toString('base64url')],
    ['negative position', Buffer.from(JSON.stringify(['2025-01-01', 'a', -1])).toString('base64url')],
    ['empty id', Buffer.from(JSON.stringify(['2025-01-01', '', 0])).toString('base64url')],
    ['too long', 'a'.repeat(601)],
  ])('rejects %s', (_name, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});

describe('plain text body to Portable Text', () => {
  it('makes one paragraph per non-empty line and keeps markup as text', () => {
    const blocks = paragraphsToBlocks('첫 문단\n\n  <script>alert(1)</script>  \n셋째');
    expect(blocks.map((block) => block.children[0].text)).toEqual(['첫 문단', '<script>alert(1)</script>', '셋째']);
    expect(blocks.every((block) => block._type === 'block' && block.style === 'normal')).toBe(true);
    expect(new Set(blocks.map((block) => block._key)).size).toBe(3);
  });
});
