export const TRUST_LEVELS = ['trusted', 'verified', 'unverified'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** The three rules; null means no restriction. */
export type Policy = {
  allowedLicenses: string[] | null;
  minTrustLevel: TrustLevel;
  allowedRegistries: string[] | null;
};

export const OPEN_POLICY: Policy = {
  allowedLicenses: null,
  minTrustLevel: 'unverified',
  allowedRegistries: null,
};

const RANK: Record<TrustLevel, number> = { unverified: 0, verified: 1, trusted: 2 };

export const trustRank = (level: TrustLevel) => RANK[level];

/** The lower of two levels: a registry never makes a server more trusted than itself. */
export function lowerTrust(a: TrustLevel, b: TrustLevel | undefined): TrustLevel {
  return b !== undefined && RANK[b] < RANK[a] ? b : a;
}

export const isTrustLevel = (value: unknown): value is TrustLevel =>
  typeof value === 'string' && (TRUST_LEVELS as readonly string[]).includes(value);
