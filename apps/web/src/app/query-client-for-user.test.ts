import { describe, expect, it } from 'vitest';
import { queryClientFor } from './query-client-for-user.ts';

describe('queryClientFor', () => {
  it('keeps one cache per user and starts a fresh one on sign-out or another user', () => {
    const visitor = queryClientFor(null);
    visitor.setQueryData(['public'], 1);
    // Signing in keeps what the visitor's page was doing.
    const ada = queryClientFor('ada');
    expect(ada).toBe(visitor);
    ada.setQueryData(['private'], 'ada');
    expect(queryClientFor('ada')).toBe(ada);

    const bob = queryClientFor('bob');
    expect(bob).not.toBe(ada);
    expect(bob.getQueryData(['private'])).toBeUndefined();
    expect(ada.getQueryData(['private'])).toBeUndefined();

    const signedOut = queryClientFor(null);
    expect(signedOut).not.toBe(bob);
  });
});
