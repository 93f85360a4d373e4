import { PASSWORD_MIN_LENGTH } from './account.ts';

/** The field message for a password found in the list of common and breached passwords. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another one.';

let list: Promise<ReadonlySet<string>> | undefined;

/**
 * The common and breached passwords of zxcvbn-ts (`@zxcvbn-ts/language-common`, about 49,000
 * from public breach corpora, lowercased), kept to those long enough to pass the length rule.
 * Loaded once, on first use: the browser fetches it as a chunk of its own, so it weighs
 * nothing on the first page.
 */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH)),
  );
  return list;
}

/** Whether a password is in the list, whatever its letter case or surrounding spaces. */
export function isCommonPassword(password: string, common: ReadonlySet<string>): boolean {
  return common.has(password.trim().toLowerCase());
}
