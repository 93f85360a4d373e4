/** Where a user lands after signing in when no page asked for them. */
export const DEFAULT_AFTER_LOGIN = '/app/dashboard';

const PROBE_ORIGIN = 'http://spoke.invalid';
// Sending a signed-in user back to these would bounce between guard and page.
const SIGNED_OUT_PAGES = ['/login', '/register', '/auth/callback'];
const GOOGLE_NEXT_KEY = 'spoke.auth.next';

/** The in-app path from a `next` value, or null if it could lead off-site or into a loop. */
export function safeNext(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || SIGNED_OUT_PAGES.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function nextFromSearch(search: URLSearchParams): string {
  return safeNext(search.get('next')) ?? DEFAULT_AFTER_LOGIN;
}

/** The login page URL that brings the user back to `location` afterwards. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = safeNext(`${location.pathname}${location.search}${location.hash}`);
  return next && next !== DEFAULT_AFTER_LOGIN
    ? `/login?next=${encodeURIComponent(next)}`
    : '/login';
}

// The Google round trip leaves the app, so the wanted page waits in sessionStorage.
export function storeGoogleNext(next: string): void {
  try {
    window.sessionStorage.setItem(GOOGLE_NEXT_KEY, next);
  } catch {
    // Without storage the user simply lands on the default page.
  }
}

export function readGoogleNext(): string {
  try {
    return safeNext(window.sessionStorage.getItem(GOOGLE_NEXT_KEY)) ?? DEFAULT_AFTER_LOGIN;
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
}

export function forgetGoogleNext(): void {
  try {
    window.sessionStorage.removeItem(GOOGLE_NEXT_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
