import { COMMON_PASSWORD_MESSAGE, isCommonPassword, loadCommonPasswords } from '@spoke/shared';
import { useEffect, useState } from 'react';

// The list is the server's own (about 18,000 passwords from breach corpora): it loads as a chunk
// of its own, only on the screens that choose a password.

/** The list once it has loaded; null before, or when it cannot load (the server checks anyway). */
export function useCommonPasswords(): ReadonlySet<string> | null {
  const [list, setList] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let current = true;
    loadCommonPasswords().then(
      (loaded) => current && setList(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return list;
}

/** The server's message for a common password, or undefined (also when the list cannot load). */
export async function commonPasswordError(password: string): Promise<string | undefined> {
  try {
    return isCommonPassword(password, await loadCommonPasswords())
      ? COMMON_PASSWORD_MESSAGE
      : undefined;
  } catch {
    return undefined;
  }
}
