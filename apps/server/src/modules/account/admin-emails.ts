/**
 * The one normalisation for e-mail addresses compared against `ADMIN_EMAILS`: surrounding
 * whitespace removed and ASCII letters lowercased. Nothing else is folded: a look-alike from
 * another script, a Kelvin sign for a `k` or a full-width letter stays a different address.
 */
export function normalizeAdminEmail(email: string): string {
  return email.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * Whether an address is listed in `ADMIN_EMAILS` (both sides normalised by the same function).
 * Being listed alone makes no admin: the account must also have proven the address.
 */
export function isListedAdmin(adminEmails: readonly string[], email: string): boolean {
  const wanted = normalizeAdminEmail(email);
  return wanted !== '' && adminEmails.some((listed) => normalizeAdminEmail(listed) === wanted);
}

/**
 * Whether an account is an admin: a proven address and either the database flag or a listed
 * address. An account that has not proven its address is never an admin.
 */
export function isAdminAccount(
  row: { email: string; emailVerified: boolean; isAdmin: boolean },
  adminEmails: readonly string[],
): boolean {
  return row.emailVerified && (row.isAdmin || isListedAdmin(adminEmails, row.email));
}
