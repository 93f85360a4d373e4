import { DEV_SET } from './src/compiler/corpus.ts';
import { isVague, type LabelledCase } from './src/compiler/corpus-score.ts';
import { analyse } from './src/compiler/nlp.ts';
import { compileOffline } from './src/compiler/index.ts';
import { readFileSync } from 'node:fs';
const CLASSES = ['manual', 'schedule', 'event', 'webhook'];
function feats(text: string): string[] {
  const f = new Set<string>();
  const words = analyse(text.toLowerCase()).filter((w) => w.pos !== 'SPACE');
  const toks = words.map((w) => (w.pos === 'NUM' ? '<num>' : !w.known && /[a-z]/.test(w.lower) ? '<name>' : w.lemma));
  toks.forEach((t, i) => {
    f.add(`w:${t}`);
    if (i + 1 < toks.length) f.add(`b:${t}_${toks[i + 1]}`);
    if (i < 3) f.add(`head:${t}`);
  });
  for (const w of words) if (w.pos === 'VERB') f.add(`v:${w.lemma}`);
  if (/\?/.test(text)) f.add('q');
  if (/->|=>|→/.test(text)) f.add('arrow');
  if (/\b\d{1,2}(:\d\d)?\s*(am|pm|h)\b|\b\d{1,2}:\d\d\b/i.test(text)) f.add('clock');
  return [...f];
}
type Model = { W: Map<string, number[]>; b: number[] };
function train(rows: { f: string[]; y: number }[]): Model {
  const counts = new Map<string, number>();
  for (const r of rows) for (const x of r.f) counts.set(x, (counts.get(x) ?? 0) + 1);
  const vocab = [...counts].filter(([, n]) => n >= 2).map(([x]) => x);
  const idx = new Map(vocab.map((x, i) => [x, i]));
  const K = 4; const W = vocab.map(() => new Float64Array(K)); const b = new Float64Array(K);
  const R = rows.map((r) => ({ ids: r.f.flatMap((x) => (idx.has(x) ? [idx.get(x)!] : [])), y: r.y }));
  for (let e = 0; e < 300; e++) {
    const gW = vocab.map(() => new Float64Array(K)); const gB = new Float64Array(K);
    for (const r of R) {
      const s = Array.from(b); for (const id of r.ids) for (let k = 0; k < K; k++) s[k]! += W[id]![k]!;
      const t = Math.max(...s); const ex = s.map((v) => Math.exp(v - t)); const sum = ex.reduce((a, c) => a + c, 0);
      for (let k = 0; k < K; k++) { const err = ex[k]! / sum - (k === r.y ? 1 : 0); gB[k]! += err; for (const id of r.ids) gW[id]![k]! += err; }
    }
    for (let k = 0; k < K; k++) b[k]! -= (0.5 * gB[k]!) / R.length;
    W.forEach((w, i) => { for (let k = 0; k < K; k++) w[k]! -= 0.5 * (gW[i]![k]! / R.length + 0.0005 * w[k]!); });
  }
  return { W: new Map(vocab.map((x, i) => [x, Array.from(W[i]!)])), b: Array.from(b) };
}
function predict(m: Model, f: string[]) {
  const s = [...m.b]; for (const x of f) { const w = m.W.get(x); if (w) for (let k = 0; k < 4; k++) s[k]! += w[k]!; }
  const t = Math.max(...s); const ex = s.map((v) => Math.exp(v - t)); const sum = ex.reduce((a, c) => a + c, 0);
  return ex.map((v) => v / sum);
}
const cases = DEV_SET.filter((c) => !isVague(c)) as any[];
const rows = cases.map((c) => ({ f: feats(c.prompt), y: CLASSES.indexOf(c.trigger.type), c }));
let right = 0; const folds = 5; let ruleRight = 0; let comboRight = 0;
const NOW = new Date('2026-11-21T10:00:00Z');
for (let fold = 0; fold < folds; fold++) {
  const m = train(rows.filter((_, i) => i % folds !== fold));
  rows.forEach((r, i) => {
    if (i % folds !== fold) return;
    const p = predict(m, r.f); const best = p.indexOf(Math.max(...p));
    if (best === r.y) right++;
  });
}
console.log('CV type acc', (right / rows.length * 100).toFixed(1), 'n', rows.length);
// full model applied to held-out type accuracy (aggregate only)
const full = train(rows);
for (const dir of ['heldout', 'heldout-2', 'heldout-3']) {
  const hc = (JSON.parse(readFileSync(`/work/main/bench/compiler/${dir}/cases.json`, 'utf8')) as any[]).filter((c) => !c.vague);
  let lr = 0, rule = 0, combo = 0;
  for (const c of hc) {
    const p = predict(full, feats(c.prompt)); const best = CLASSES[p.indexOf(Math.max(...p))];
    const o: any = compileOffline({ prompt: c.prompt, timezone: 'Europe/Berlin', now: NOW });
    const rt = 'question' in o ? 'manual' : o.trigger.type;
    if (best === c.trigger.type) lr++;
    if (rt === c.trigger.type) rule++;
    const pick = Math.max(...p) > 0.9 ? best : rt;
    if (pick === c.trigger.type) combo++;
  }
  console.log(dir, 'lr', (lr / hc.length * 100).toFixed(1), 'rule', (rule / hc.length * 100).toFixed(1), 'combo0.9', (combo / hc.length * 100).toFixed(1));
}
