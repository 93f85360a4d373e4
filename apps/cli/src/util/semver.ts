type Parsed = { core: number[]; pre: string[] } | null;

function parseVersion(version: string): Parsed {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(version.trim());
  if (!match) return null;
  return { core: [1, 2, 3].map((i) => Number(match[i])), pre: match[4] ? match[4].split('.') : [] };
}

/**
 * Orders versions newest first by semver precedence; strings that are not semver sort after
 * those that are, by plain comparison.
 */
export function compareVersionsDesc(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : b.localeCompare(a);
  for (let i = 0; i < 3; i++) {
    const d = (pb.core[i] ?? 0) - (pa.core[i] ?? 0);
    if (d) return d;
  }
  if (!pa.pre.length || !pb.pre.length) return pa.pre.length - pb.pre.length;
  for (let i = 0; i < Math.max(pa.pre.length, pb.pre.length); i++) {
    const x = pa.pre[i];
    const y = pb.pre[i];
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(y) - Number(x);
    return nx ? 1 : ny ? -1 : y.localeCompare(x);
  }
  return 0;
}
