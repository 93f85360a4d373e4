import { AGENT_CATEGORIES, type AgentCategory, type AgentTriggerType } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import model from './category-model.json' with { type: 'json' };
import { best, type LinearModel } from './linear.ts';
import { analyse } from './nlp.ts';

// The category is the capability card the agent belongs under. It is learned, not written as
// rules: a linear model (linear.ts) over the description's lemmas and verbs, the catalog
// categories of the integrations it uses, and the trigger type, trained on the development set
// into category-model.json.

export type CategoryModel = LinearModel<AgentCategory>;

export type CategoryInput = {
  description: string;
  integrations: readonly string[];
  trigger: AgentTriggerType;
  /** The integration an event trigger comes from, and the event. */
  source?: string;
  event?: string;
};

const SKIP = new Set([
  'PUNCT',
  'NUM',
  'SYM',
  'SPACE',
  'DET',
  'PRON',
  'CCONJ',
  'SCONJ',
  'AUX',
  'PART',
]);

/**
 * The features of one description, each once: its lemmas, its verbs as verbs ("review" the verb
 * is code review, "reviews" the noun are customers'), the catalog categories of its integrations
 * and its trigger type. Integration ids and word pairs were tried and left out: too sparse for a
 * few hundred examples (five-fold cross-validation on the development set).
 */
export function categoryFeatures(input: CategoryInput): string[] {
  const features = new Set<string>();
  const kept = analyse(input.description.toLowerCase()).filter(
    (w) => !SKIP.has(w.pos) && !w.stop && /[a-z]/.test(w.lemma) && w.lemma.length > 1,
  );
  for (const word of kept) {
    const lemma = word.lemma.replace(/^#.*/, '#channel').replace(/^https?:.*/, 'url');
    features.add(`w:${lemma}`);
    if (word.pos === 'VERB') features.add(`v:${lemma}`);
  }
  for (const id of input.integrations) {
    const category = integrationById(id)?.category;
    if (category) features.add(`c:${category}`);
  }
  features.add(`t:${input.trigger}`);
  // What starts the agent says much of what it is for: a GitHub event, a Zendesk one.
  const source = input.source ? integrationById(input.source)?.category : undefined;
  if (source) features.add(`e:${source}`);
  // ... and the thing it happens to: a pull request, an issue, a ticket, an order.
  const thing = input.event?.split('.')[0]?.replace(/_/g, '');
  if (thing) features.add(`o:${thing.replace(/(?<!s)s$/, '')}`);
  return [...features];
}

const MODEL = model as CategoryModel;

export function chooseCategory(input: CategoryInput): AgentCategory {
  const category = best(MODEL, categoryFeatures(input)).label;
  return AGENT_CATEGORIES.includes(category) ? category : 'Other';
}
