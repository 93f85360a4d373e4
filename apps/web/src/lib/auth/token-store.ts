// The seed keeps the session token in localStorage under 'token'; this module is the only place
// that touches it, so the API client and the auth state always agree on the current value.
export const TOKEN_STORAGE_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames): behave as signed out.
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) || null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
  notify();
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
  notify();
}

/** Subscribes to token changes, including sign-in or sign-out in another tab. */
export function subscribeToken(listener: Listener): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
