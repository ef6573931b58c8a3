/**
 * How per-address limits tell clients apart. An IPv6 subscriber (a home, a phone) is given a
 * whole /64 and picks any address in it at will (privacy addresses, or a script rotating them), so
 * an IPv6 client is its /64; an IPv4 client that reaches us as IPv4-mapped IPv6 (`::ffff:a.b.c.d`)
 * is its IPv4 address. Every per-address limit keys by `limitAddress`.
 */
import ipaddr from 'ipaddr.js';

const IPV6_PREFIX_BYTES = 8;

/** The key a per-address limit counts `ip` by: IPv4 as it is, IPv6 as its /64 (`2001:db8:77:1::/64`). */
export function limitAddress(ip: string): string {
  return networkOf(ip, 32, IPV6_PREFIX_BYTES * 8);
}

/** The network `ip` is in, wider than one client: IPv4 /24, IPv6 /64 (the visits per slot per network). */
export function addressNetwork(ip: string): string {
  return networkOf(ip, 24, IPV6_PREFIX_BYTES * 8);
}

function networkOf(ip: string, ipv4Bits: number, ipv6Bits: number): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  const bits = address.kind() === 'ipv4' ? ipv4Bits : ipv6Bits;
  const total = address.kind() === 'ipv4' ? 32 : 128;
  if (bits === total) return address.toString();
  const bytes = address.toByteArray().map((byte, index) => {
    const kept = Math.max(0, Math.min(8, bits - index * 8));
    return byte & (0xff << (8 - kept)) & 0xff;
  });
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}
