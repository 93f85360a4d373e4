import current from 'spdx-license-ids/index.json' with { type: 'json' };
import deprecated from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import { closest, distance } from '../util/suggest.ts';

// Lower-cased id -> canonical spelling, so that `mit` becomes `MIT`. Deprecated identifiers such
// as GPL-3.0 are still valid SPDX and still common in npm metadata. Built on first use: most
// commands never look at a license.
let canonicalIds: Map<string, string> | undefined;
const canonical = () =>
  (canonicalIds ??= new Map(
    [...current, ...deprecated].map((id) => [id.toLowerCase(), id] as const),
  ));

const LICENSE_REF = /^(DocumentRef-[A-Za-z0-9.-]+:)?LicenseRef-[A-Za-z0-9.-]+$/;

/** The canonical spelling of an SPDX identifier (or a LicenseRef), or null if it is not one. */
export function canonicalLicense(id: string): string | null {
  if (LICENSE_REF.test(id)) return id;
  return canonical().get(id.toLowerCase()) ?? null;
}

// Compare without case and punctuation, so that "Apache2" finds "Apache-2.0".
const squash = (id: string) => id.toLowerCase().replace(/[^a-z0-9]/g, '');
let squashedIds: Map<string, string> | undefined;
const squashedMap = () => (squashedIds ??= new Map(current.map((id) => [squash(id), id] as const)));

/** A close, current SPDX identifier for a misspelt one, or null. */
export function suggestLicense(id: string): string | null {
  const s = squash(id);
  const squashed = squashedMap();
  const exact = squashed.get(s);
  if (exact) return exact;
  const keys = [...squashed.keys()];
  // One typo away first ("MITT"), then a prefix: "BSD3" starts "BSD-3-Clause", take the shortest.
  const typo = keys.find((k) => Math.abs(k.length - s.length) <= 1 && distance(k, s) <= 1);
  if (typo) return squashed.get(typo) ?? null;
  if (s.length >= 3) {
    const longer = keys.filter((k) => k.startsWith(s)).sort((a, b) => a.length - b.length);
    if (longer[0]) return squashed.get(longer[0]) ?? null;
  }
  const near = closest(s, keys);
  return near ? (squashed.get(near) ?? null) : null;
}

/** The usage problem for an unknown identifier, with a suggestion when there is one. */
export function unknownLicenseMessage(id: string): string {
  const guess = suggestLicense(id);
  return `unknown SPDX license identifier "${id}"${guess ? `; did you mean ${guess}?` : ''}`;
}
