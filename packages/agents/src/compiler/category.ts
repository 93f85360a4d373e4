import { AGENT_CATEGORIES, type AgentCategory, type AgentTriggerType } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import model from './category-model.json' with { type: 'json' };
import { analyse } from './nlp.ts';

// The category is the capability card the agent belongs under. It is learned, not written as
// rules: a multinomial logistic regression over the description's lemmas and verbs, the catalog
// categories of the integrations it uses, and the trigger type, trained on the
// development set by `npm run train:category -w @spoke/agents` (deterministic) into
// category-model.json. A test retrains it and requires the same weights.

export type CategoryModel = {
  classes: readonly AgentCategory[];
  /** feature -> one weight per class. */
  weights: Readonly<Record<string, readonly number[]>>;
  bias: readonly number[];
};

export type CategoryInput = {
  description: string;
  integrations: readonly string[];
  trigger: AgentTriggerType;
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
  return [...features];
}

/** Scores per class for the features, as probabilities. */
export function predict(weights: CategoryModel, features: readonly string[]): number[] {
  const scores = [...weights.bias];
  for (const feature of features) {
    const row = weights.weights[feature];
    if (!row) continue;
    for (let k = 0; k < scores.length; k++) scores[k]! += row[k]!;
  }
  const top = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - top));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

const MODEL = model as CategoryModel;

export function chooseCategory(input: CategoryInput): AgentCategory {
  const probabilities = predict(MODEL, categoryFeatures(input));
  let best = 0;
  for (let k = 1; k < probabilities.length; k++) {
    if (probabilities[k]! > probabilities[best]!) best = k;
  }
  const category = MODEL.classes[best];
  return category && AGENT_CATEGORIES.includes(category) ? category : 'Other';
}
