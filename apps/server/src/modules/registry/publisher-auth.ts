import {
  createHmac,
  createPublicKey,
  hkdfSync,
  timingSafeEqual,
  verify as verifySignature,
  type KeyObject,
} from 'node:crypto';
import { promises as dnsPromises } from 'node:dns';
import { guardedFetch, NetworkGuardError } from '@spoke/agents';
import { ErrorCode } from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { ConcurrencyGate } from '../../lib/concurrency-gate.ts';

/**
 * The login `mcp-publisher` performs against a registry: a credential exchanged at
 * `/v0/auth/<method>` for a short-lived registry token, then sent as the bearer of
 * `POST /v0/publish`. Field names, lifetimes, the signed message and the namespaces each method
 * grants are the official registry's (decision 025).
 */

/** How long a registry token lives, as the official registry's: five minutes. */
export const REGISTRY_TOKEN_SECONDS = 5 * 60;
/** How far a signed timestamp may be from the server's clock, either way, as the official's. */
export const TIMESTAMP_WINDOW_MS = 15_000;
/** The largest key document read from a domain, as the official's. */
const MAX_KEY_DOCUMENT_BYTES = 4096;
const KEY_FETCH_TIMEOUT_MS = 10_000;
const ISSUER = 'spoke-registry';

export type PublisherAuthMethod = 'github-at' | 'http' | 'dns';

/** One right a registry token carries: publish under a name pattern (`com.example/*`). */
export type Permission = { action: 'publish'; resource: string };

export type RegistryTokenClaims = {
  iss: string;
  iat: number;
  nbf: number;
  exp: number;
  auth_method: PublisherAuthMethod;
  /** The Spoke username (github-at) or the proven domain (http, dns). */
  auth_method_sub: string;
  permissions: Permission[];
  /** github-at only: the user and the API token the registry token was exchanged for. */
  spoke_user?: string;
  spoke_token?: string;
};

/** What the exchange answers, as the official registry's `TokenResponse`. */
export type TokenResponse = { registry_token: string; expires_at: number };

/** Whether a server name falls under a permission's pattern (the official matching rule). */
export function permits(pattern: string, name: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('*')) return name.startsWith(pattern.slice(0, -1));
  return name === pattern;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** A registry token's shape: a JWT (three base64url parts), never a Spoke API token's. */
export const isRegistryTokenShape = (value: string) =>
  /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value);

/**
 * Registry tokens: JWTs signed (HS256) with a key derived from the server's signing secret, so
 * every instance sharing AUTH_SECRET accepts every other's, and nothing is stored.
 */
export function createRegistryTokens(secret: string, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'spoke registry publisher token', 32));
  const sign = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    issue(
      grant: Pick<
        RegistryTokenClaims,
        'auth_method' | 'auth_method_sub' | 'permissions' | 'spoke_user' | 'spoke_token'
      >,
    ): TokenResponse {
      const iat = Math.floor(now() / 1000);
      const claims: RegistryTokenClaims = {
        iss: ISSUER,
        iat,
        nbf: iat,
        exp: iat + REGISTRY_TOKEN_SECONDS,
        ...grant,
      };
      const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
      return { registry_token: `${body}.${b64url(sign(body))}`, expires_at: claims.exp };
    },

    /** The claims of a token this server signed and that is live now, else null. */
    verify(token: string): RegistryTokenClaims | null {
      const [header, payload, signature] = token.split('.');
      if (header !== HEADER || !payload || !signature) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(`${header}.${payload}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: RegistryTokenClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const at = now() / 1000;
      if (claims?.iss !== ISSUER || !Array.isArray(claims.permissions)) return null;
      if (!(typeof claims.exp === 'number' && at < claims.exp)) return null;
      if (!(typeof claims.nbf === 'number' && claims.nbf <= at + 1)) return null;
      return claims;
    },
  };
}

export type RegistryTokens = ReturnType<typeof createRegistryTokens>;

/**
 * Where the public keys of a domain are read. `wellKnown` answers the body of
 * `https://<domain>/.well-known/mcp-registry-auth`, `txt` the TXT records of the domain.
 */
export type DomainKeySources = {
  wellKnown(domain: string): Promise<string>;
  txt(domain: string): Promise<string[]>;
};

/**
 * The key document of a domain over HTTPS, as the official registry reads it: no redirects,
 * 4 KB at most, 10 s, through the platform's network guard (only public addresses, dialled at the
 * address that was checked), so a domain cannot point the server at its own network.
 */
export async function fetchWellKnownKey(domain: string): Promise<string> {
  const url = `https://${domain}/.well-known/mcp-registry-auth`;
  let res;
  try {
    res = await guardedFetch(
      {
        url,
        headers: { accept: 'text/plain', 'user-agent': 'spoke-registry' },
        timeoutMs: KEY_FETCH_TIMEOUT_MS,
        maxBytes: MAX_KEY_DOCUMENT_BYTES,
        followRedirects: false,
      },
      { allowPrivateNetworks: false },
    );
  } catch (err) {
    throw new Error(err instanceof NetworkGuardError ? err.message : String(err), { cause: err });
  }
  if (res.status !== 200) throw new Error(`HTTP ${res.status} from ${url}`);
  if (res.truncated)
    throw new Error(`the key document is larger than ${MAX_KEY_DOCUMENT_BYTES} bytes`);
  return res.body.toString('utf8').trim();
}

export const defaultKeySources: DomainKeySources = {
  wellKnown: fetchWellKnownKey,
  txt: async (domain) => (await dnsPromises.resolveTxt(domain)).map((parts) => parts.join('')),
};

/** A domain name as the official registry accepts it; IP addresses are refused. */
export function isValidDomain(domain: string): boolean {
  if (domain.length === 0 || domain.length > 253) return false;
  if (
    !/^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*$/.test(
      domain,
    )
  ) {
    return false;
  }
  return !/^[0-9]+$/.test(domain.split('.').at(-1)!);
}

/** `example.com` → `com.example`. */
export const reverseDomain = (domain: string) => domain.split('.').reverse().join('.');

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const KEY_RECORD = /v=MCPv1;\s*k=([^;]+);\s*p=([A-Za-z0-9+/=]+)/;
// SubjectPublicKeyInfo of a compressed P-384 point, less the point's 49 bytes.
const P384_SPKI_PREFIX = Buffer.from('3046301006072a8648ce3d020106052b81040022033200', 'hex');

type PublicKey = { algorithm: 'ed25519' | 'ecdsap384'; key: KeyObject };

/** A key record (`v=MCPv1; k=ed25519; p=<base64>`), or why it is none. */
export function parseKeyRecord(record: string): PublicKey | Error | null {
  const match = KEY_RECORD.exec(record);
  if (!match) return null;
  const [, algorithm, encoded] = match;
  const raw = Buffer.from(encoded!, 'base64');
  try {
    if (algorithm === 'ed25519') {
      if (raw.length !== 32) return new Error('invalid Ed25519 public key size');
      const key = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
        format: 'jwk',
      });
      return { algorithm, key };
    }
    if (algorithm === 'ecdsap384') {
      if (raw.length !== 49 || (raw[0] !== 2 && raw[0] !== 3)) {
        return new Error('invalid ECDSA P-384 public key (49 bytes, compressed)');
      }
      const der = Buffer.concat([P384_SPKI_PREFIX, raw]);
      return { algorithm, key: createPublicKey({ key: der, format: 'der', type: 'spki' }) };
    }
  } catch {
    return new Error(`invalid ${algorithm} public key`);
  }
  return new Error(`unsupported public key algorithm: ${algorithm}`);
}

function verifies(key: PublicKey, message: Buffer, signature: Buffer): boolean {
  if (key.algorithm === 'ed25519') {
    return signature.length === 64 && verifySignature(null, message, key.key, signature);
  }
  return (
    signature.length === 96 &&
    verifySignature('sha384', message, { key: key.key, dsaEncoding: 'ieee-p1363' }, signature)
  );
}

const refused = (detail: string, reason: string) =>
  new AppError(401, ErrorCode.UNAUTHORIZED, { message: `${detail}: ${reason}` });

/**
 * Signed timestamps seen within the window, so one captured request cannot be played again on
 * this instance; another instance accepts it only within the same 15 seconds.
 */
function createReplayGuard(now: () => number) {
  const seen = new Map<string, number>();
  return {
    /** Whether the same signature was accepted already. */
    used(key: string): boolean {
      const at = now();
      for (const [k, until] of seen) {
        if (until > at) break;
        seen.delete(k);
      }
      return seen.has(key);
    },
    /** False when the same signature was accepted already; else it is now. */
    firstUse(key: string): boolean {
      if (this.used(key)) return false;
      seen.set(key, now() + 2 * TIMESTAMP_WINDOW_MS);
      return true;
    },
  };
}

export type SignedTimestamp = { domain: string; timestamp: string; signed_timestamp: string };

/**
 * The `http` and `dns` exchanges: the domain's keys read, the signature of the timestamp
 * checked, and the domain's namespace granted (`com.example/*`; with DNS also its subdomains,
 * `com.example.*`, as the official registry grants).
 */
export function createDomainProofs(
  sources: DomainKeySources,
  tokens: RegistryTokens,
  now: () => number = Date.now,
) {
  const replays = createReplayGuard(now);
  // Each proof reads a domain's keys over the network: a few at once per instance, a few more
  // waiting, the rest refused (429) rather than queued behind slow domains.
  const fetches = new ConcurrencyGate({ concurrency: 16, queue: 64, maxWaitMs: 10_000 });
  return async function exchange(
    method: 'http' | 'dns',
    input: SignedTimestamp,
  ): Promise<TokenResponse> {
    const detail = method === 'http' ? 'HTTP authentication failed' : 'DNS authentication failed';
    const domain = input.domain.toLowerCase();
    if (!isValidDomain(domain)) throw refused(detail, 'invalid domain format');
    if (!RFC3339.test(input.timestamp)) {
      throw refused(detail, 'invalid timestamp format: expected RFC 3339');
    }
    const at = Date.parse(input.timestamp);
    if (!Number.isFinite(at) || Math.abs(at - now()) > TIMESTAMP_WINDOW_MS) {
      throw refused(detail, 'timestamp outside valid window (±15 seconds)');
    }
    if (!/^([0-9a-fA-F]{2})+$/.test(input.signed_timestamp)) {
      throw refused(detail, 'invalid signature format, must be hex');
    }
    const signature = Buffer.from(input.signed_timestamp, 'hex');
    if (signature.length !== 64 && signature.length !== 96) {
      throw refused(detail, 'invalid signature size for Ed25519 or ECDSA P-384');
    }
    const replayKey = `${method}:${domain}:${input.signed_timestamp.toLowerCase()}`;
    if (replays.used(replayKey)) {
      throw refused(detail, 'this signed timestamp was used already; sign a new one');
    }
    const records = await fetches.run(async () => {
      try {
        return method === 'http' ? [await sources.wellKnown(domain)] : await sources.txt(domain);
      } catch (err) {
        throw refused(detail, `failed to fetch public key: ${(err as Error).message}`);
      }
    });
    const parsed = records.map(parseKeyRecord).filter((k) => k !== null);
    if (parsed.length === 0) {
      throw refused(
        detail,
        method === 'http'
          ? 'no MCP public key found in HTTP response'
          : 'no MCP public key found in DNS TXT records',
      );
    }
    const keys = parsed.filter((k): k is PublicKey => !(k instanceof Error));
    if (keys.length === 0) throw refused(detail, (parsed[0] as Error).message);
    const message = Buffer.from(input.timestamp, 'utf8');
    if (!keys.some((key) => verifies(key, message, signature))) {
      throw refused(detail, 'signature verification failed');
    }
    if (!replays.firstUse(replayKey)) {
      throw refused(detail, 'this signed timestamp was used already; sign a new one');
    }
    const namespace = reverseDomain(domain);
    const permissions: Permission[] = [{ action: 'publish', resource: `${namespace}/*` }];
    if (method === 'dns') permissions.push({ action: 'publish', resource: `${namespace}.*` });
    return tokens.issue({ auth_method: method, auth_method_sub: domain, permissions });
  };
}

/** Methods of the official registry that this one does not offer, and why. */
export const METHODS_NOT_OFFERED: Record<string, string> = {
  'github-oidc':
    'GitHub Actions OIDC login is not offered by this registry; log in with the github method and a Spoke API token, or with http or dns.',
  oidc: 'OIDC login is not offered by this registry; log in with the github method and a Spoke API token.',
  none: 'Anonymous login is not offered by this registry; log in with the github method and a Spoke API token.',
};

/** The registry's login, made once per server so every prefix shares one replay guard. */
export function createPublisherAuth(secret: string, sources: DomainKeySources = defaultKeySources) {
  const tokens = createRegistryTokens(secret);
  return { tokens, proveDomain: createDomainProofs(sources, tokens) };
}

export type PublisherAuth = ReturnType<typeof createPublisherAuth>;
