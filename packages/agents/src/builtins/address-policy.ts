import ipaddr from 'ipaddr.js';

const RANGE_WORDS: Record<string, string> = {
  private: 'a private address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address',
  benchmarking: 'a benchmarking address',
  teredo: 'a Teredo tunnel address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
};

// IPv6 forms that carry an IPv4 address: what they reach is what the IPv4 address reaches.
const EMBEDDING_RANGES = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4']);

/** Parses an IP literal as found in a URL host (brackets allowed); null when it is not one. */
export function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

function embeddedIpv4(ip: ipaddr.IPv6, range: string): ipaddr.IPv4 | null {
  const parts = ip.parts;
  const at = (i: number): number => parts[i] ?? 0;
  if (range === '6to4') {
    return new ipaddr.IPv4([at(1) >> 8, at(1) & 0xff, at(2) >> 8, at(2) & 0xff]);
  }
  // NAT64 local-use prefixes (64:ff9b:1::/48) place the IPv4 address elsewhere: treat as private.
  if (range === 'rfc6052' && at(2) !== 0) return null;
  return new ipaddr.IPv4([at(6) >> 8, at(6) & 0xff, at(7) >> 8, at(7) & 0xff]);
}

/**
 * Why an address is not a public internet address (e.g. `a private address`), or null when it is.
 * Only plain unicast space passes; IPv6 forms embedding an IPv4 address are judged by that address.
 */
export function nonPublicReason(address: string): string | null {
  const ip = parseIp(address);
  if (!ip) return 'not an IP address';
  if (ip.kind() === 'ipv4') {
    const range = ip.range() as string;
    return range === 'unicast' ? null : (RANGE_WORDS[range] ?? `a special-purpose address`);
  }
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range() as string;
  // ::a.b.c.d (IPv4-compatible, deprecated) is classified as unicast by ipaddr.js.
  if (v6.parts.slice(0, 6).every((part) => part === 0)) {
    return range === 'loopback' || range === 'unspecified'
      ? (RANGE_WORDS[range] ?? null)
      : 'an IPv4-compatible address';
  }
  if (EMBEDDING_RANGES.has(range)) {
    const inner = embeddedIpv4(v6, range);
    if (!inner) return 'a private address';
    const innerReason = nonPublicReason(inner.toString());
    return innerReason ? `${innerReason} (embedded ${inner.toString()})` : null;
  }
  return range === 'unicast' ? null : (RANGE_WORDS[range] ?? 'a special-purpose address');
}

/** Lower-case host without IPv6 brackets or the trailing root dot. */
export function normalizeHost(host: string): string {
  let h = host.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h;
}

/** Whether a host matches an allow-list of exact hosts and `*.example.com` patterns. */
export function hostAllowed(host: string, allowedHosts: readonly string[]): boolean {
  const h = normalizeHost(host);
  const ip = parseIp(h);
  return allowedHosts.some((entry) => {
    const e = normalizeHost(entry.trim());
    if (e.startsWith('*.')) return h.endsWith(e.slice(1)) && h.length > e.length - 1;
    if (ip) {
      const other = parseIp(e);
      return other !== null && other.toNormalizedString() === ip.toNormalizedString();
    }
    return h === e;
  });
}
