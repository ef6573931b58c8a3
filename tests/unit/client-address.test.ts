import { describe, expect, it } from 'vitest';
import { addressNetwork, limitAddress } from '../../web/server/http/client-address';

describe('limitAddress: what a per-address limit counts', () => {
  it('an IPv6 client is its /64: every address a subscriber can pick is one client', () => {
    const keys = new Set(Array.from({ length: 35 }, (_, n) => limitAddress(`2001:db8:77:1::${n.toString(16)}`)));
    expect([...keys]).toEqual(['2001:db8:77:1::/64']);
    expect(limitAddress('2001:db8:77:1:ffff:ffff:ffff:ffff')).toBe('2001:db8:77:1::/64');
    expect(limitAddress('2001:db8:77:2::1')).toBe('2001:db8:77:2::/64');
    expect(limitAddress('2001:0DB8:0077:0001:0000:0000:0000:0009')).toBe('2001:db8:77:1::/64');
  });

  it('IPv4, also IPv4-mapped IPv6, is the IPv4 address', () => {
    expect(limitAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(limitAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(limitAddress('::ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('leaves what is no address as it is', () => {
    expect(limitAddress('')).toBe('');
    expect(limitAddress('unknown')).toBe('unknown');
  });

  it('addressNetwork: IPv4 /24, IPv6 /64', () => {
    expect(addressNetwork('198.51.100.7')).toBe('198.51.100.0/24');
    expect(addressNetwork('::ffff:198.51.100.200')).toBe('198.51.100.0/24');
    expect(addressNetwork('2001:db8:77:1::9')).toBe('2001:db8:77:1::/64');
  });
});
