import { describe, expect, it } from 'vitest';
import { indefiniteArticle } from './words.ts';

describe('indefiniteArticle', () => {
  it('says "an" before a vowel’s sound and "a" before a consonant’s', () => {
    for (const word of ['AnyList', 'Uber', 'Upwork', 'SMS Gateway', 'HR Cloud', 'issue', 'order']) {
      expect(indefiniteArticle(word), word).toBe('an');
    }
    for (const word of ['Unity', 'KPI Hub', 'HubSpot', 'user', 'usage', 'review', 'GitHub']) {
      expect(indefiniteArticle(word), word).toBe('a');
    }
  });
});
