import { PROMPT_MAX_LENGTH } from '@spoke/shared';
import { COMPILE_TIME_LIMIT_MS } from '../../packages/agents/src/compiler/isolated.ts';
import { fmtMs, table } from '../lib/table.ts';

/**
 * Descriptions written to make the compiler slow, each as long as a description may be: runs of
 * one letter with no space (Japanese and Chinese leave none), runs of spaces after a sentence,
 * the cue words of the when-clauses it reads repeated without end, words joined by marks.
 */
const SHAPES: readonly (readonly [name: string, unit: string, head?: string])[] = [
  ['one kana, no space', 'あ'],
  ['one Han character, no space', '时'],
  ['Japanese when-clause, repeated', 'Shopifyで新しい注文が入ったら'],
  ['Chinese when-clause, repeated', 'Gitee 上有新的 Pull Request 时'],
  ['Korean when-clause, repeated', '새 주문이 들어오면 '],
  ['Turkish when-clause, repeated', "Trendyol'a yeni sipariş düştüğünde "],
  ['spaces after a Turkish sentence', ' ', 'ş.'],
  ['spaces after a Japanese sentence', ' ', 'あ。'],
  ['Greek when-clause, repeated', 'Όταν μπαίνει νέα παραγγελία στο Skroutz '],
  ['letters joined by marks', 'x-'],
  ['numbered list items', '1) a '],
  ['English, no space', 'a'],
];

const TIMES = 3;

/** Each shape's slowest of a few compiles, beside the limit past which a compile is stopped. */
export function hostileTable(compile: (prompt: string) => unknown): {
  rows: { name: string; ms: number }[];
  text: string;
} {
  // (The first compile loads the language model: not the description's cost.)
  compile('When a new order arrives in Shopify, post it to #sales');
  const rows = SHAPES.map(([name, unit, head = '']) => {
    const prompt = (head + unit.repeat(PROMPT_MAX_LENGTH)).slice(0, PROMPT_MAX_LENGTH);
    let ms = 0;
    for (let i = 0; i < TIMES; i++) {
      const started = performance.now();
      compile(prompt);
      ms = Math.max(ms, performance.now() - started);
    }
    return { name, ms };
  });
  const text = table(
    [`hostile description (${PROMPT_MAX_LENGTH} characters)`, `slowest of ${TIMES} ms`, 'x limit'],
    rows.map((row) => [row.name, fmtMs(row.ms), (row.ms / COMPILE_TIME_LIMIT_MS).toFixed(2)]),
  );
  return {
    rows,
    text: `${text}\n(limit: a compile is stopped after ${COMPILE_TIME_LIMIT_MS} ms)`,
  };
}
