import { AGENT_CATEGORIES } from '@spoke/shared';
import { categoryFeatures, type CategoryInput, type CategoryModel } from './category.ts';
import type { CorpusCase } from './corpus/types.ts';
import { resolveService } from './services.ts';

// Trains the category model: multinomial logistic regression by full-batch gradient descent with
// L2 regularisation, from zero weights in a fixed order, so the same data gives the same model.

const EPOCHS = 300;
const RATE = 0.5;
const L2 = 0.0005;
/** Features seen in fewer descriptions than this are left out. */
const MIN_COUNT = 2;

/** What the model sees of a labelled case: its words, labelled integrations and trigger type. */
export function trainingInput(item: CorpusCase): CategoryInput {
  return {
    description: item.prompt,
    integrations: item.integrations.map((label) => resolveService(label)?.integration.id ?? label),
    trigger: item.trigger.type,
  };
}

export function trainCategoryModel(cases: readonly CorpusCase[]): CategoryModel {
  const classes = [...AGENT_CATEGORIES];
  const examples = cases.map((item) => ({
    features: categoryFeatures(trainingInput(item)),
    label: classes.indexOf(item.category),
  }));
  const counts = new Map<string, number>();
  for (const { features } of examples)
    for (const f of features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts]
    .filter(([, n]) => n >= MIN_COUNT)
    .map(([f]) => f)
    .sort();
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  const rows = examples.map((e) => ({
    ids: e.features.flatMap((f) => (index.has(f) ? [index.get(f)!] : [])),
    label: e.label,
  }));
  const K = classes.length;
  const W = vocabulary.map(() => new Float64Array(K));
  const bias = new Float64Array(K);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const gradW = vocabulary.map(() => new Float64Array(K));
    const gradB = new Float64Array(K);
    for (const row of rows) {
      const scores = Array.from(bias);
      for (const id of row.ids) for (let k = 0; k < K; k++) scores[k]! += W[id]![k]!;
      const top = Math.max(...scores);
      const exp = scores.map((s) => Math.exp(s - top));
      const sum = exp.reduce((a, b) => a + b, 0);
      for (let k = 0; k < K; k++) {
        const error = exp[k]! / sum - (k === row.label ? 1 : 0);
        gradB[k]! += error;
        for (const id of row.ids) gradW[id]![k]! += error;
      }
    }
    const n = rows.length;
    for (let k = 0; k < K; k++) bias[k]! -= (RATE * gradB[k]!) / n;
    W.forEach((w, i) => {
      for (let k = 0; k < K; k++) w[k]! -= RATE * (gradW[i]![k]! / n + L2 * w[k]!);
    });
  }
  // Rounded for a small file; "+ 0" turns -0 into 0, which JSON cannot tell apart.
  const round = (x: number) => Math.round(x * 1e4) / 1e4 + 0;
  const weights: Record<string, number[]> = {};
  vocabulary.forEach((f, i) => {
    weights[f] = Array.from(W[i]!, round);
  });
  return { classes, weights, bias: Array.from(bias, round) };
}
