import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import * as simpleIcons from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { KNOWN_WITHOUT_ICON, INTEGRATION_ICONS } from './integration-icons.ts';
import { BUILTIN_GLYPHS, catalogIdOf, IntegrationLogo, logoOf } from './integration-logo.tsx';
import { monogramOf } from './logo-tile.tsx';

interface CatalogIntegration {
  id: string;
  name: string;
  provider: { kind: string };
}

// The agents package is not a dependency of the web app: the test reads the catalog from its
// source, the list the server serves.
const catalogModule = path.resolve(import.meta.dirname, '../../../../packages/agents/src/catalog');
const { INTEGRATIONS } = (await import(/* @vite-ignore */ `${catalogModule}/index.ts`)) as {
  INTEGRATIONS: readonly CatalogIntegration[];
};
const withServer = INTEGRATIONS.filter((integration) => integration.provider.kind !== 'none');

const allIcons = Object.values(simpleIcons) as { slug: string; title: string }[];
const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('integration logos', () => {
  it('gives every integration with a server a brand mark or a glyph, or a monogram on purpose', () => {
    const undecided = withServer
      .filter((integration) => logoOf(integration.id).kind === 'monogram')
      .map((integration) => integration.id)
      .filter((id) => !KNOWN_WITHOUT_ICON.includes(id));
    expect(undecided).toEqual([]);
    // Most of what the registry lists wears its brand.
    const branded = withServer.filter((integration) => logoOf(integration.id).kind === 'brand');
    expect(branded.length).toBeGreaterThan(withServer.length / 2);
  });

  it('lists as known-missing only integrations of the catalog that simple-icons has no mark for', () => {
    const ids = new Set(withServer.map((integration) => integration.id));
    for (const id of KNOWN_WITHOUT_ICON) {
      expect(ids.has(id), `${id} is in the catalog with a server`).toBe(true);
      expect(INTEGRATION_ICONS[id], id).toBeUndefined();
      const integration = withServer.find((each) => each.id === id)!;
      const sameName = allIcons.find(
        (icon) => icon.slug === compact(id) || compact(icon.title) === compact(integration.name),
      );
      expect(sameName?.title, `simple-icons now has a mark for ${id}`).toBeUndefined();
    }
  });

  it('maps each brand to its own mark, not a namesake', () => {
    for (const [id, icon] of Object.entries(INTEGRATION_ICONS)) {
      const integration = withServer.find((each) => each.id === id);
      expect(integration, `${id} is a catalog integration with a server`).toBeDefined();
      const words = compact(integration!.name);
      const title = compact(icon.title);
      // "Google BigQuery" for BigQuery, "Argo" for Argo CD, "Google Cloud" for Cloud Run.
      expect(
        words.includes(title) || title.includes(words) || title.startsWith('google'),
        `${id}: ${icon.title}`,
      ).toBe(true);
    }
  });

  it('draws the built-in servers with glyphs of their own', () => {
    const builtins = INTEGRATIONS.filter((integration) => integration.provider.kind === 'builtin');
    expect(builtins.map((integration) => integration.id).sort()).toEqual(
      Object.keys(BUILTIN_GLYPHS).sort(),
    );
  });

  it('knows an integration by its id, its registry name or its display name', () => {
    expect(catalogIdOf('github')).toBe('github');
    expect(catalogIdOf('dev.spoke.catalog/google-docs')).toBe('google-docs');
    expect(catalogIdOf('Google Docs')).toBe('google-docs');
    // Another namespace's server never borrows a brand.
    expect(logoOf('io.github.someone/github').kind).toBe('monogram');
    expect(logoOf('dev.spoke.catalog/github').kind).toBe('brand');
  });

  it('renders a decorative mark in the brand colour, or a monogram', () => {
    const brand = renderToStaticMarkup(<IntegrationLogo id="dev.spoke.catalog/github" />);
    expect(brand).toMatch(/^<span aria-hidden="true" data-logo="GitHub"/);
    expect(brand).toContain('fill="#181717"');
    const monogram = renderToStaticMarkup(<IntegrationLogo id="slack" name="Slack" />);
    expect(monogram).toMatch(
      /^<span aria-hidden="true" data-logo="monogram" data-monogram="SL"[^>]*><\/span>$/,
    );
    expect(monogramOf('Hugging Face')).toBe('HF');
  });
});
