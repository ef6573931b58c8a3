import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../web/server/pages/precompressed';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, whatever order the browser lists them in', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('BR')).toBe('br');
  });

  it('never sends an encoding the browser refuses with q=0', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*;q=0')).toBeNull();
  });

  it('reads * as any encoding not named, and nothing or identity as none', () => {
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
  });
});
