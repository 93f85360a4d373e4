import { describe, expect, it } from 'vitest';
import { analyse } from './nlp.ts';

describe('analyse', () => {
  it('reads a text the same whatever was read before it', () => {
    const probe = (text: string) => analyse(text).map((w) => `${w.value}/${w.pos}`);
    const texts = ["pull last week's stripe revenue", 'send the follow-up email to the team'];
    const before = texts.map(probe);
    // Words with marks inside them, first met before a closing mark.
    analyse("same layout as last week's.");
    analyse('then the follow-up.');
    analyse('Zorb-it, now.');
    // (Past the few analyses kept, so that the texts are read again.)
    for (let i = 0; i < 8; i++) analyse(`filler ${i}`);
    expect(texts.map(probe)).toEqual(before);
  });

  it('reads the few capitalised words the model has no lemma for as themselves', () => {
    const words = analyse('When a user is added in AWS IAM, email them this week IVE.');
    expect(words.find((w) => w.value === 'IAM')?.lemma).toBe('iam');
    expect(words.find((w) => w.value === 'IVE')?.lemma).toBe('ive');
  });

  it('keeps offsets of the text as written', () => {
    const text = "the rota is like last week's. Post it to #team";
    for (const w of analyse(text)) expect(text.slice(w.start, w.end)).toBe(w.value);
  });

  it('reads an arrow written as two marks as one', () => {
    const text = 'new lead in hubspot -> add to sheet; payment fails=>email me; a - > b';
    const words = analyse(text);
    for (const w of words) expect(text.slice(w.start, w.end)).toBe(w.value);
    expect(words.map((w) => w.value).filter((v) => /[-=>]/.test(v))).toEqual([
      '->',
      '=>',
      '-',
      '>',
    ]);
  });

  it('reads a run of letters longer than any word in parts, with their offsets', () => {
    const text = `send ${'z'.repeat(450)} to #team`;
    const words = analyse(text);
    for (const w of words) expect(text.slice(w.start, w.end)).toBe(w.value);
    expect(words.filter((w) => /^z+$/.test(w.value)).map((w) => w.value.length)).toEqual([
      200, 200, 50,
    ]);
    expect(words.map((w) => w.value)).toContain('to');
  });
});
