import { lookup as dnsLookup } from 'node:dns/promises';
import { hostAllowed, nonPublicReason, normalizeHost, parseIp } from './address-policy.ts';
import type { NetworkPolicy } from './types.ts';

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Replaceable parts of the guard, for tests and embedding; the policy checks stay in force. */
export type GuardHooks = {
  /** Resolves a host name (default: the system resolver, every address). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Lets one connection target bypass the non-public address check. */
  exempt?: (target: { hostname: string; address: string; port: number }) => boolean;
};

/** A request the guard refused or could not complete; the message is meant for people. */
export class NetworkGuardError extends Error {
  override name = 'NetworkGuardError';
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, order: 'verbatim' });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/**
 * Checks a URL against the policy and resolves it to the one address to connect to. Refuses when
 * the host is not allowed or when ANY address it resolves to is not public (unless allowed).
 */
export async function checkTarget(
  url: URL,
  policy: NetworkPolicy,
  hooks: GuardHooks = {},
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NetworkGuardError(
      `refused: only http and https URLs are allowed (got ${url.protocol})`,
    );
  }
  if (url.username || url.password) {
    throw new NetworkGuardError('refused: URLs with a user name or password are not allowed');
  }
  const hostname = normalizeHost(url.hostname);
  if (policy.allowedHosts && !hostAllowed(hostname, policy.allowedHosts)) {
    const list = policy.allowedHosts.length ? policy.allowedHosts.join(', ') : 'none';
    throw new NetworkGuardError(`refused: ${hostname} is not an allowed host (allowed: ${list})`);
  }
  const literal = parseIp(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: literal.toString(), family: literal.kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await (hooks.resolve ?? systemResolve)(hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new NetworkGuardError(`could not resolve ${hostname}`);
  }
  const first = addresses[0] as ResolvedAddress;
  const port = defaultPort(url);
  const exempt = hooks.exempt?.({ hostname, address: first.address, port }) ?? false;
  if (!policy.allowPrivateNetworks && !exempt) {
    for (const { address } of addresses) {
      const reason = nonPublicReason(address);
      if (!reason) continue;
      const what = literal ? `${address} is` : `${hostname} resolves to ${address},`;
      throw new NetworkGuardError(`refused: ${what} ${reason}`);
    }
  }
  return first;
}

const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function checkHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name))
      throw new NetworkGuardError(`invalid header name: ${JSON.stringify(name)}`);
    if (FORBIDDEN_HEADERS.has(name.toLowerCase())) {
      throw new NetworkGuardError(`the ${name} header is set by the client and cannot be given`);
    }
    if (/[\r\n\0]/.test(value)) {
      throw new NetworkGuardError(`invalid value for header ${name}: line breaks are not allowed`);
    }
  }
}
