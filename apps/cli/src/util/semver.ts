// The two functions alone, not the package's index: the CLI bundles what it imports.
import parse from 'semver/functions/parse.js';
import rcompare from 'semver/functions/rcompare.js';

/**
 * Orders versions newest first by semver precedence (a leading `v` allowed, build metadata
 * ignored); strings that are not semver sort after those that are, by plain comparison.
 */
export function compareVersionsDesc(a: string, b: string): number {
  const pa = parse(a.trim());
  const pb = parse(b.trim());
  if (!pa || !pb) return pa ? -1 : pb ? 1 : b.localeCompare(a);
  return rcompare(pa, pb);
}
