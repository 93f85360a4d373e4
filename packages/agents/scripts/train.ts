import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { trainCategoryModel } from '../src/compiler/category-train.ts';
import { DEV_SET } from '../src/compiler/corpus.ts';
import { isVague } from '../src/compiler/corpus-score.ts';
import type { CorpusCase } from '../src/compiler/corpus/types.ts';
import { trainTriggerTypeModel } from '../src/compiler/trigger-type-train.ts';
import { learnUsualNames } from '../src/compiler/usual-names-train.ts';

// `npm run train -w @spoke/agents`: trains the compiler's models on the development set (never a
// held-out set) and writes them beside the code that reads them.

const cases = DEV_SET.filter((item): item is CorpusCase => !isVague(item));
const models = [
  { file: 'category-model.json', train: trainCategoryModel },
  { file: 'trigger-type-model.json', train: trainTriggerTypeModel },
  { file: 'usual-names.json', train: learnUsualNames },
];
for (const { file, train } of models) {
  const started = process.hrtime.bigint();
  const model = train(cases);
  const target = path.join(import.meta.dirname, '..', 'src', 'compiler', file);
  writeFileSync(target, `${JSON.stringify(model)}\n`);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(
    `trained on ${cases.length} descriptions: ${Array.isArray(model) ? `${model.length} words` : `${Object.keys(model.weights).length} features`}, ` +
      `${Math.round(ms)} ms -> ${path.relative(process.cwd(), target)}\n`,
  );
}
