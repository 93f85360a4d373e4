import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { trainCategoryModel } from '../src/compiler/category-train.ts';
import { DEV_SET } from '../src/compiler/corpus.ts';
import { isVague } from '../src/compiler/corpus-score.ts';
import type { CorpusCase } from '../src/compiler/corpus/types.ts';

// `npm run train:category -w @spoke/agents`: trains the category model on the development set
// (never the held-out set) and writes src/compiler/category-model.json.

const cases = DEV_SET.filter((item): item is CorpusCase => !isVague(item));
const started = process.hrtime.bigint();
const model = trainCategoryModel(cases);
const file = path.join(import.meta.dirname, '..', 'src', 'compiler', 'category-model.json');
writeFileSync(file, `${JSON.stringify(model)}\n`);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(
  `trained on ${cases.length} descriptions: ${Object.keys(model.weights).length} features, ` +
    `${Math.round(ms)} ms -> ${path.relative(process.cwd(), file)}\n`,
);
