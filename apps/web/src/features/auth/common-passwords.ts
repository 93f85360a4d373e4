import { COMMON_PASSWORD_MESSAGE, isCommonPassword, loadCommonPasswords } from '@spoke/shared';
import { useEffect, useState } from 'react';

// The list is the server's own (about 18,000 passwords from breach corpora, some 200 KB over
// the wire): a chunk of its own, fetched only once a screen shows a new-password field.
let loaded: ReadonlySet<string> | null = null;

function load(): Promise<ReadonlySet<string>> {
  return loadCommonPasswords().then((list) => (loaded = list));
}

/** The list once it has loaded; null before, or when it cannot load (the server checks anyway). */
export function useCommonPasswords(): ReadonlySet<string> | null {
  const [list, setList] = useState<ReadonlySet<string> | null>(loaded);
  useEffect(() => {
    let current = true;
    load().then(
      (done) => current && setList(done),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return list;
}

/**
 * The server's message for a common password, once the list is here. Never waits for it: on a
 * slow connection the form goes on, and the server gives the same message.
 */
export function commonPasswordError(password: string): string | undefined {
  return loaded && isCommonPassword(password, loaded) ? COMMON_PASSWORD_MESSAGE : undefined;
}
