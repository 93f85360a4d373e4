import { Events, OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';

/** The person the mock provider says signed in; claims named as Google names them. */
export type ProviderUser = {
  sub: string;
  email: string;
  /** A boolean from a well-behaved provider; anything else is a claim to refuse. */
  email_verified: boolean | string;
  name: string;
};

export type MockGoogle = {
  issuer: string;
  /** Who the next sign-ins are, until changed. */
  signInAs: (user: ProviderUser) => void;
  /** Alters the claims of the next ID token before the provider signs it. */
  alterNextIdToken: (change: (claims: Record<string, unknown>) => void) => void;
  /** Alters the token endpoint's next answer (after signing). */
  alterNextTokenAnswer: (change: (body: Record<string, unknown>) => void) => void;
  stop: () => Promise<void>;
};

/** A local OpenID Connect provider: discovery, authorize (PKCE, nonce), token, JWKS, userinfo. */
export async function startMockGoogle(): Promise<MockGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The library names a loopback issuer "localhost", which may resolve to ::1 first.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  let user: ProviderUser | undefined;
  let idTokenChange: ((claims: Record<string, unknown>) => void) | undefined;
  // Runs after the library set its own claims (sub "johndoe", aud, nonce), so these win.
  server.service.on(Events.BeforeTokenSigning, (token: MutableToken) => {
    if (user) Object.assign(token.payload, user);
    // Of the two tokens the code grant signs, only the ID token has an audience.
    if (token.payload.aud !== undefined && idTokenChange) {
      idTokenChange(token.payload);
      idTokenChange = undefined;
    }
  });
  server.service.on(Events.BeforeUserinfo, (response: MutableResponse) => {
    if (user) response.body = { ...user };
  });
  return {
    issuer: server.issuer.url,
    signInAs: (u) => {
      user = u;
    },
    alterNextIdToken: (change) => {
      idTokenChange = change;
    },
    alterNextTokenAnswer: (change) => {
      server.service.once(Events.BeforeResponse, (response: MutableResponse) => {
        if (typeof response.body === 'object') change(response.body);
      });
    },
    stop: () => server.stop(),
  };
}

/**
 * Just enough browser for a redirect chain: follows Location headers by hand and keeps
 * the app's cookies (the provider sets none). `visited` records every URL it went to.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly visited: string[] = [];
  /** Every cookie the app ever set, expired ones too, to prove no URL carried a session. */
  readonly setCookies: { name: string; value: string }[] = [];

  readonly appOrigin: string;

  constructor(appOrigin: string) {
    this.appOrigin = appOrigin;
  }

  async get(url: string): Promise<Response> {
    const target = new URL(url, this.appOrigin);
    this.visited.push(target.toString());
    const toApp = target.origin === this.appOrigin;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(target, {
      redirect: 'manual',
      headers: toApp && cookie ? { cookie } : {},
    });
    if (toApp) for (const line of res.headers.getSetCookie()) this.keepCookie(line);
    return res;
  }

  /** Follows redirects from `url` until a page the SPA renders (or a non-redirect answer). */
  async follow(
    url: string,
    stopAt: readonly string[] = ['/auth/callback', '/login'],
  ): Promise<URL> {
    let next = new URL(url, this.appOrigin);
    for (let hops = 0; hops < 10; hops++) {
      if (next.origin === this.appOrigin && stopAt.includes(next.pathname)) {
        this.visited.push(next.toString());
        return next;
      }
      const res = await this.get(next.toString());
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return next;
      next = new URL(location, next);
    }
    throw new Error(`too many redirects: ${this.visited.join(' -> ')}`);
  }

  private keepCookie(line: string) {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k = '', v = ''] = a.split('=').map((s) => s.trim());
      if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    if (value) this.setCookies.push({ name, value: decodeURIComponent(value) });
    if (expired || !value) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
