/**
 * TRUST_PROXY: a hop count ("1") or the proxies' addresses/subnets ("loopback, 10.0.0.0/8").
 * "true" and other forms that trust public addresses (`*`, `0.0.0.0/0`, `0.0.0.0/1, 128.0.0.0/1`,
 * `::ffff:0:0/96`; any subnet outside private address space) are refused: they make Express
 * take the leftmost X-Forwarded-For, which any client writes itself, and every per-address limit
 * (sign-in throttle, lead limits) then counts whatever address the client chose.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Express's `trust proxy` for the value, or undefined when the value is refused. */
export function trustProxySetting(value: string): number | string[] | undefined {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 9 ? hops : undefined;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

/** Address space that is never public: a proxy subnet must lie inside one of these. */
const PRIVATE_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '100.64.0.0/10',
  'fc00::/7',
  'fe80::/10',
  '::1/128',
].map((range) => ipaddr.parseCIDR(range));

/**
 * A named private range, one host's address, or a subnet inside private address space: a list
 * whose ranges reach public addresses (`0.0.0.0/1, 128.0.0.0/1`, `::ffff:0:0/96`) would let any
 * client there choose its own address through X-Forwarded-For.
 */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry) || isIP(entry) !== 0) return true;
  const [address, prefix, extra] = entry.split('/');
  // Only the plain notation Express itself parses (ipaddr.js would also take forms such as "10.1/8").
  if (extra !== undefined || !/^\d{1,3}$/.test(prefix ?? '') || isIP(address) === 0 || !ipaddr.isValidCIDR(entry)) return false;
  const [subnet, bits] = ipaddr.parseCIDR(entry);
  const width = subnet.kind() === 'ipv4' ? 32 : 128;
  if (bits < 1) return false;
  return bits === width || PRIVATE_RANGES.some(([range, rangeBits]) => range.kind() === subnet.kind() && bits >= rangeBits && subnet.match(range, rangeBits));
}
