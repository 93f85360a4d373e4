import type { AgentTriggerType } from '@spoke/shared';
import { best, type LinearModel } from './linear.ts';
import model from './trigger-type-model.json' with { type: 'json' };
import type { Word } from './nlp.ts';

// Which kind of trigger a description asks for, learned from the development set: a linear model
// (linear.ts) over its lemmas, word pairs, opening words and verbs, with numbers and names the
// dictionary lacks reduced to <num> and <name> so that it learns the shape of "every <num> minutes"
// and "new <name> order", not the products. The rules read each kind's details (the event, the
// schedule); where they disagree with a confident model about the kind, and the rules found
// details of the model's kind, the model's kind wins.

export type TriggerTypeModel = LinearModel<AgentTriggerType>;

export const TRIGGER_TYPES: readonly AgentTriggerType[] = [
  'manual',
  'schedule',
  'event',
  'webhook',
];

const MODEL = model as TriggerTypeModel;

/** How sure the model must be to overrule the rules' choice. */
export const OVERRULE_AT = 0.9;
/** How sure it must be of a run by hand to overrule an event read with no word that says when. */
export const DOUBT_AT = 0.6;
/** How sure it must be of an event to take the first source's declared one when the rules read none. */
export const SOURCE_AT = 0.8;

export function triggerTypeFeatures(text: string, words: readonly Word[]): string[] {
  const features = new Set<string>();
  const tokens = words
    .filter((w) => w.pos !== 'SPACE')
    .map((w) =>
      w.pos === 'NUM' ? '<num>' : !w.known && /[a-z]/i.test(w.value) ? '<name>' : w.lemma,
    );
  tokens.forEach((token, i) => {
    features.add(`w:${token}`);
    if (i + 1 < tokens.length) features.add(`b:${token}_${tokens[i + 1]}`);
    if (i < 3) features.add(`head:${token}`);
  });
  for (const w of words) if (w.pos === 'VERB') features.add(`v:${w.lemma}`);
  if (text.includes('?')) features.add('question');
  if (/->|=>|\u2192/.test(text)) features.add('arrow');
  if (/\b\d{1,2}(?::\d\d)?\s*(?:am|pm|h)\b|\b\d{1,2}:\d\d\b/i.test(text)) features.add('clock');
  return [...features];
}

/** The kind the model reads, and how sure it is. */
export function readTriggerType(
  text: string,
  words: readonly Word[],
): { label: AgentTriggerType; probability: number } {
  return best(MODEL, triggerTypeFeatures(text, words));
}
