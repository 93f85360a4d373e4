// The compiler's learned parts are small linear models over sparse features (words, lemmas, word
// pairs, the catalog categories of integrations): multinomial logistic regression, trained by
// full-batch gradient descent with L2 regularisation from zero weights in a fixed order, so the
// same data gives the same model. Trained by `npm run train -w @spoke/agents` on the development
// set; tests retrain them and require the committed weights.

export type LinearModel<C extends string = string> = {
  classes: readonly C[];
  /** feature -> one weight per class. */
  weights: Readonly<Record<string, readonly number[]>>;
  bias: readonly number[];
};

export type Example = { features: readonly string[]; label: number };

export type TrainingOptions = {
  epochs?: number;
  rate?: number;
  l2?: number;
  /** Features seen in fewer examples than this are left out. */
  minCount?: number;
};

/** Scores per class for the features, as probabilities. */
export function predict(model: LinearModel, features: readonly string[]): number[] {
  const scores = [...model.bias];
  for (const feature of features) {
    // (Own entries only: a feature made of a word like "constructor" is not Object's member.)
    if (!Object.hasOwn(model.weights, feature)) continue;
    const row = model.weights[feature]!;
    for (let k = 0; k < scores.length; k++) scores[k]! += row[k]!;
  }
  const top = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - top));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/** The most likely class and its probability. */
export function best<C extends string>(
  model: LinearModel<C>,
  features: readonly string[],
): { label: C; probability: number } {
  const probabilities = predict(model, features);
  let top = 0;
  for (let k = 1; k < probabilities.length; k++) {
    if (probabilities[k]! > probabilities[top]!) top = k;
  }
  return { label: model.classes[top]!, probability: probabilities[top]! };
}

export function trainLinear<C extends string>(
  classes: readonly C[],
  examples: readonly Example[],
  { epochs = 300, rate = 0.5, l2 = 0.0005, minCount = 2 }: TrainingOptions = {},
): LinearModel<C> {
  const counts = new Map<string, number>();
  for (const { features } of examples)
    for (const f of new Set(features)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts]
    .filter(([, n]) => n >= minCount)
    .map(([f]) => f)
    .sort();
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  const rows = examples.map((e) => ({
    ids: [...new Set(e.features)].flatMap((f) => (index.has(f) ? [index.get(f)!] : [])),
    label: e.label,
  }));
  const K = classes.length;
  const V = vocabulary.length;
  // Flat arrays, row-major by feature; the sums run in the same order as one array per feature.
  const W = new Float64Array(V * K);
  const gradW = new Float64Array(V * K);
  const bias = new Float64Array(K);
  const gradB = new Float64Array(K);
  const scores = new Float64Array(K);
  const exp = new Float64Array(K);
  for (let epoch = 0; epoch < epochs; epoch++) {
    gradW.fill(0);
    gradB.fill(0);
    for (const row of rows) {
      scores.set(bias);
      for (const id of row.ids) for (let k = 0; k < K; k++) scores[k]! += W[id * K + k]!;
      let top = -Infinity;
      for (let k = 0; k < K; k++) top = Math.max(top, scores[k]!);
      let sum = 0;
      for (let k = 0; k < K; k++) {
        exp[k] = Math.exp(scores[k]! - top);
        sum += exp[k]!;
      }
      for (let k = 0; k < K; k++) {
        const error = exp[k]! / sum - (k === row.label ? 1 : 0);
        gradB[k]! += error;
        for (const id of row.ids) gradW[id * K + k]! += error;
      }
    }
    const n = rows.length;
    for (let k = 0; k < K; k++) bias[k]! -= (rate * gradB[k]!) / n;
    for (let i = 0; i < V * K; i++) W[i]! -= rate * (gradW[i]! / n + l2 * W[i]!);
  }
  // Rounded for a small file; "+ 0" turns -0 into 0, which JSON cannot tell apart.
  const round = (x: number) => Math.round(x * 1e4) / 1e4 + 0;
  const weights: Record<string, number[]> = {};
  vocabulary.forEach((f, i) => {
    weights[f] = Array.from(W.subarray(i * K, (i + 1) * K), round);
  });
  return { classes, weights, bias: Array.from(bias, round) };
}
