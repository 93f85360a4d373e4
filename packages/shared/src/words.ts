/**
 * "a" or "an" before a word or a name, by how it is said: "an AnyList", "an Uber", "an SMS
 * gateway", "an issue", but "a Unity", "a HubSpot", "a user". Capitals alone are said letter by
 * letter, and F, H, L, M, N, R, S and X open with a vowel's sound.
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const letters = /^[A-Z]{2,}(?![a-z])/.test(word);
  if (letters) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  if (/^u(?:ni|s[aeu]|ti|ro|ku|bi)/i.test(word)) return 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
