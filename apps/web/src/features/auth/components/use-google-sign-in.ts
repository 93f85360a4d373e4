import { useEffect, useState } from 'react';

// The server's answer changes only when it restarts: asked once per page load (again after a
// failure), so going between the sign-in pages shows the button at once.
let known: boolean | undefined;
let asking: Promise<boolean> | undefined;

function askServer(): Promise<boolean> {
  if (asking) return asking;
  // Loaded on demand, like the rest of the sign-in code: the page shows before the API client.
  const ask = import('../api/sign-in-methods.ts')
    .then(({ fetchSignInMethods }) => fetchSignInMethods())
    .then(
      ({ google }) => {
        // An answer to a question since forgotten is not kept.
        if (asking === ask) known = google;
        return google;
      },
      (error: unknown) => {
        if (asking === ask) asking = undefined;
        throw error;
      },
    );
  asking = ask;
  return ask;
}

/**
 * Whether to offer Google sign-in: only once the server says it is configured, since the
 * button would otherwise spin and come back to an apology. Until then, and if the server
 * cannot be asked, the e-mail form is the way in.
 */
export function useGoogleSignIn(): boolean {
  const [offered, setOffered] = useState(known ?? false);
  useEffect(() => {
    let current = true;
    askServer().then(
      (google) => {
        if (current) setOffered(google);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return offered;
}

/** Forgets the answer, so the next sign-in page asks again (between tests). */
export function forgetSignInMethods(): void {
  known = undefined;
  asking = undefined;
}
