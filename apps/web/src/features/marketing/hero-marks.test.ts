import { siGithub, siLinear, siStripe, siX, siZendesk } from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENTS } from './demo-agents.ts';
import { HERO_MARKS } from './hero-marks.ts';

describe('the hero’s brand marks', () => {
  it('are simple-icons’ own, title, colour and path', () => {
    const source = {
      github: siGithub,
      linear: siLinear,
      stripe: siStripe,
      x: siX,
      zendesk: siZendesk,
    };
    for (const [id, mark] of Object.entries(HERO_MARKS)) {
      const icon = source[id as keyof typeof source];
      expect({ title: mark.title, hex: mark.hex, path: mark.path }).toEqual({
        title: icon.title,
        hex: icon.hex,
        path: icon.path,
      });
    }
  });

  it('cover every branded integration of the example agents', () => {
    const shown = new Set(DEMO_AGENTS.flatMap((agent) => agent.integrations));
    // Slack and LinkedIn are not in simple-icons (monograms); email and RSS are built-in glyphs.
    const withoutMark = new Set(['slack', 'linkedin', 'email', 'rss']);
    expect([...shown].filter((id) => !withoutMark.has(id)).sort()).toEqual(
      Object.keys(HERO_MARKS).sort(),
    );
  });
});
