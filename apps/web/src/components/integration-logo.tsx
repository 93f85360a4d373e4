import {
  Brain,
  Clock,
  Database,
  FileText,
  Globe,
  Mail,
  Rss,
  Shuffle,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { INTEGRATION_ICONS } from './integration-icons.ts';
import { LogoTile, type BrandMark, type LogoSize } from './logo-tile.tsx';

/** The registry namespace of the servers Spoke's catalog publishes. */
const CATALOG_NAMESPACE = 'dev.spoke.catalog/';

/** Spoke's built-in servers are Spoke's own, not a brand's: each shows a glyph of what it does. */
export const BUILTIN_GLYPHS: Readonly<Record<string, LucideIcon>> = {
  'http-request': Globe,
  'web-page': FileText,
  rss: Rss,
  email: Mail,
  webhook: Webhook,
  clock: Clock,
  memory: Brain,
  transform: Shuffle,
  sql: Database,
};

/**
 * The catalog id an integration id, registry server name or display name stands for:
 * `github`, `dev.spoke.catalog/github` and `GitHub` are all `github`. A server of another
 * namespace (a user's own) keeps its whole name, so it never borrows a brand's logo.
 */
export function catalogIdOf(idOrName: string): string {
  if (idOrName.startsWith(CATALOG_NAMESPACE)) return idOrName.slice(CATALOG_NAMESPACE.length);
  if (idOrName.includes('/')) return idOrName;
  return idOrName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type LogoKind = 'brand' | 'built-in' | 'monogram';

/** What an integration is drawn with: its brand mark, a built-in glyph, or a monogram. */
export function logoOf(idOrName: string): {
  kind: LogoKind;
  mark?: BrandMark;
  glyph?: LucideIcon;
} {
  const id = catalogIdOf(idOrName);
  const glyph = BUILTIN_GLYPHS[id];
  if (glyph) return { kind: 'built-in', glyph };
  const mark = INTEGRATION_ICONS[id];
  if (mark) return { kind: 'brand', mark };
  return { kind: 'monogram' };
}

/**
 * An integration's logo in a fixed box: the brand's mark in its colour (simple-icons, CC0), a
 * glyph for Spoke's built-in servers, or a monogram tile. Decorative (aria-hidden): put the
 * integration's name beside it. `id` is a catalog id, a registry server name or a display name.
 */
export function IntegrationLogo({
  id,
  name,
  size = 'md',
  className,
}: {
  id: string;
  /** The name the monogram is made from; defaults to the id's last part. */
  name?: string;
  size?: LogoSize;
  className?: string;
}) {
  const { mark, glyph } = logoOf(id);
  const label = name ?? id.split('/').pop() ?? id;
  return <LogoTile mark={mark} glyph={glyph} name={label} size={size} className={className} />;
}
