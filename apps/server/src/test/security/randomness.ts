/**
 * How random a set of tokens looks: Shannon entropy of their characters (a CSPRNG over 62
 * letters and digits gives log2(62) = 5.95 bits each), how many distinct characters every
 * position shows, and whether any token repeats.
 */
export function randomness(tokens: readonly string[]) {
  const counts = new Map<string, number>();
  let total = 0;
  for (const token of tokens) {
    for (const ch of token) {
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
      total++;
    }
  }
  let bitsPerChar = 0;
  for (const n of counts.values()) bitsPerChar -= (n / total) * Math.log2(n / total);
  const length = Math.min(...tokens.map((t) => t.length));
  let minDistinctAtAPosition = Infinity;
  for (let i = 0; i < length; i++) {
    const seen = new Set(tokens.map((t) => t[i]));
    minDistinctAtAPosition = Math.min(minDistinctAtAPosition, seen.size);
  }
  return {
    distinct: new Set(tokens).size,
    symbols: counts.size,
    bitsPerChar,
    bitsPerToken: bitsPerChar * length,
    minDistinctAtAPosition,
  };
}
