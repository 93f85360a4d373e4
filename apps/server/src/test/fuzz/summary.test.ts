import { expect, it } from 'vitest';
import { FUZZ_BUDGET, print } from './fuzz-kit.ts';

// Each fuzz file checks that it sent its share of cases; this prints what they add up to.
it('sends at least 10,000 fuzz cases per run', () => {
  const total = Object.values(FUZZ_BUDGET).reduce((sum, n) => sum + n, 0);
  const parts = Object.entries(FUZZ_BUDGET).map(([part, n]) => `${part} ${n}`);
  print(`fuzz total: ${total} cases (${parts.join(', ')})`);
  expect(total).toBeGreaterThanOrEqual(10_000);
});
