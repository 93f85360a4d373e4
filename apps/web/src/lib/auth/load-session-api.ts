/**
 * The part of the auth state that talks to the server, with the schemas and the API client it
 * needs. Loaded on first use so a visitor's first page does not download it; the sign-in pages
 * warm it up so submitting does not wait for it.
 */
export const loadSessionApi = () => import('./session-api.ts');
