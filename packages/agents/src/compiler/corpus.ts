import { ANALYTICS_CASES } from './corpus/analytics.ts';
import { CODE_CASES } from './corpus/code.ts';
import { CONTENT_CASES } from './corpus/content.ts';
import { DEVOPS_CASES } from './corpus/devops.ts';
import { FRESH_CASES } from './corpus/fresh.ts';
import { OTHER_CASES } from './corpus/other.ts';
import { SALES_CASES } from './corpus/sales.ts';
import { LANDING_CASES, STARTER_CASES } from './corpus/samples.ts';
import { SUPPORT_CASES } from './corpus/support.ts';
import type { CorpusCase } from './corpus/types.ts';
import varied from './corpus/varied.json' with { type: 'json' };
import varied2 from './corpus/varied-2.json' with { type: 'json' };
import varied3 from './corpus/varied-3.json' with { type: 'json' };
import varied4 from './corpus/varied-4.json' with { type: 'json' };
import varied5 from './corpus/varied-5.json' with { type: 'json' };
import varied6 from './corpus/varied-6.json' with { type: 'json' };
import varied7 from './corpus/varied-7.json' with { type: 'json' };
import varied8 from './corpus/varied-8.json' with { type: 'json' };
import varied9 from './corpus/varied-9.json' with { type: 'json' };
import varied10 from './corpus/varied-10.json' with { type: 'json' };
import varied11 from './corpus/varied-11.json' with { type: 'json' };
import varied12 from './corpus/varied-12.json' with { type: 'json' };
import varied13 from './corpus/varied-13.json' with { type: 'json' };
import varied14 from './corpus/varied-14.json' with { type: 'json' };
import varied15 from './corpus/varied-15.json' with { type: 'json' };
import varied16 from './corpus/varied-16.json' with { type: 'json' };
import varied17 from './corpus/varied-17.json' with { type: 'json' };
import varied18 from './corpus/varied-18.json' with { type: 'json' };
import varied19 from './corpus/varied-19.json' with { type: 'json' };
import varied20 from './corpus/varied-20.json' with { type: 'json' };
import varied21 from './corpus/varied-21.json' with { type: 'json' };
import varied22 from './corpus/varied-22.json' with { type: 'json' };
import varied23 from './corpus/varied-23.json' with { type: 'json' };
import varied24 from './corpus/varied-24.json' with { type: 'json' };
import varied25 from './corpus/varied-25.json' with { type: 'json' };
import varied26 from './corpus/varied-26.json' with { type: 'json' };
import varied27 from './corpus/varied-27.json' with { type: 'json' };
import varied28 from './corpus/varied-28.json' with { type: 'json' };
import varied29 from './corpus/varied-29.json' with { type: 'json' };
import varied30 from './corpus/varied-30.json' with { type: 'json' };
import varied31 from './corpus/varied-31.json' with { type: 'json' };
import varied32 from './corpus/varied-32.json' with { type: 'json' };
import varied33 from './corpus/varied-33.json' with { type: 'json' };
import varied34 from './corpus/varied-34.json' with { type: 'json' };
import varied35 from './corpus/varied-35.json' with { type: 'json' };
import varied36 from './corpus/varied-36.json' with { type: 'json' };
import varied37 from './corpus/varied-37.json' with { type: 'json' };
import varied38 from './corpus/varied-38.json' with { type: 'json' };
import varied39 from './corpus/varied-39.json' with { type: 'json' };
import varied40 from './corpus/varied-40.json' with { type: 'json' };
import varied41 from './corpus/varied-41.json' with { type: 'json' };
import varied42 from './corpus/varied-42.json' with { type: 'json' };
import varied43 from './corpus/varied-43.json' with { type: 'json' };
import varied44 from './corpus/varied-44.json' with { type: 'json' };
import varied45 from './corpus/varied-45.json' with { type: 'json' };
import varied46 from './corpus/varied-46.json' with { type: 'json' };
import varied47 from './corpus/varied-47.json' with { type: 'json' };
import varied48 from './corpus/varied-48.json' with { type: 'json' };
import varied49 from './corpus/varied-49.json' with { type: 'json' };
import varied50 from './corpus/varied-50.json' with { type: 'json' };
import varied51 from './corpus/varied-51.json' with { type: 'json' };
import varied52 from './corpus/varied-52.json' with { type: 'json' };
import varied53 from './corpus/varied-53.json' with { type: 'json' };
import varied54 from './corpus/varied-54.json' with { type: 'json' };
import varied55 from './corpus/varied-55.json' with { type: 'json' };
import varied56 from './corpus/varied-56.json' with { type: 'json' };
import varied57 from './corpus/varied-57.json' with { type: 'json' };
import varied58 from './corpus/varied-58.json' with { type: 'json' };
import varied59 from './corpus/varied-59.json' with { type: 'json' };
import varied60 from './corpus/varied-60.json' with { type: 'json' };
import varied61 from './corpus/varied-61.json' with { type: 'json' };
import varied62 from './corpus/varied-62.json' with { type: 'json' };
import varied63 from './corpus/varied-63.json' with { type: 'json' };
import varied64 from './corpus/varied-64.json' with { type: 'json' };
import varied65 from './corpus/varied-65.json' with { type: 'json' };
import varied66 from './corpus/varied-66.json' with { type: 'json' };
import varied67 from './corpus/varied-67.json' with { type: 'json' };
import varied68 from './corpus/varied-68.json' with { type: 'json' };
import type { LabelledCase } from './corpus-score.ts';

export type { CorpusCase, ExpectedTrigger } from './corpus/types.ts';
export { LANDING_PROMPTS, STARTER_PROMPTS } from './corpus/samples.ts';

/**
 * Labelled descriptions for measuring the compiler: the integrations, trigger and category a careful
 * reader expects. Where a description leaves a detail open, the labels follow the defaults the
 * compiler states as assumptions:
 * - no time of day: 9:00 ("morning" 9:00, "noon" 12:00, "evening" 18:00);
 * - weekly with no day: Monday; monthly: the 1st; quarterly: the 1st of January, April, July and
 *   October; "twice a day": 9:00 and 17:00;
 * - watching something that has no event of its own, with no interval: every hour;
 * - e-mail with no provider named: the built-in `email`; a team chat or a #channel with no tool
 *   named: Slack; searching the web: Brave Search; a spreadsheet: Google Sheets; pull requests
 *   with no host named: GitHub.
 */
export const CORPUS: readonly CorpusCase[] = [
  ...LANDING_CASES,
  ...STARTER_CASES,
  ...SUPPORT_CASES,
  ...DEVOPS_CASES,
  ...CODE_CASES,
  ...SALES_CASES,
  ...CONTENT_CASES,
  ...ANALYTICS_CASES,
  ...OTHER_CASES,
  ...FRESH_CASES,
];

/**
 * Descriptions in many voices (terse, rambling, lists, typos, questions, non-native English) over
 * services in and out of the catalog, some too vague to build from. Labels name services the
 * catalog lacks by their own names (`typeform`), and events it does not declare as
 * `<object>.<action>` (`review.created`).
 */
export const VARIED_CASES: readonly LabelledCase[] = [
  ...(varied as LabelledCase[]),
  ...(varied2 as LabelledCase[]),
  ...(varied3 as LabelledCase[]),
  ...(varied4 as LabelledCase[]),
  ...(varied5 as LabelledCase[]),
  ...(varied6 as LabelledCase[]),
  ...(varied7 as LabelledCase[]),
  ...(varied8 as LabelledCase[]),
  ...(varied9 as LabelledCase[]),
  ...(varied10 as LabelledCase[]),
  ...(varied11 as LabelledCase[]),
  ...(varied12 as LabelledCase[]),
  ...(varied13 as LabelledCase[]),
  ...(varied14 as LabelledCase[]),
  ...(varied15 as LabelledCase[]),
  ...(varied16 as LabelledCase[]),
  ...(varied17 as LabelledCase[]),
  ...(varied18 as LabelledCase[]),
  ...(varied19 as LabelledCase[]),
  ...(varied20 as LabelledCase[]),
  ...(varied21 as LabelledCase[]),
  ...(varied22 as LabelledCase[]),
  ...(varied23 as LabelledCase[]),
  ...(varied24 as LabelledCase[]),
  ...(varied25 as LabelledCase[]),
  ...(varied26 as LabelledCase[]),
  ...(varied27 as LabelledCase[]),
  ...(varied28 as LabelledCase[]),
  ...(varied29 as LabelledCase[]),
  ...(varied30 as LabelledCase[]),
  ...(varied31 as LabelledCase[]),
  ...(varied32 as LabelledCase[]),
  ...(varied33 as LabelledCase[]),
  ...(varied34 as LabelledCase[]),
  ...(varied35 as LabelledCase[]),
  ...(varied36 as LabelledCase[]),
  ...(varied37 as LabelledCase[]),
  ...(varied38 as LabelledCase[]),
  ...(varied39 as LabelledCase[]),
  ...(varied40 as LabelledCase[]),
  ...(varied41 as LabelledCase[]),
  ...(varied42 as LabelledCase[]),
  ...(varied43 as LabelledCase[]),
  ...(varied44 as LabelledCase[]),
  ...(varied45 as LabelledCase[]),
  ...(varied46 as LabelledCase[]),
  ...(varied47 as LabelledCase[]),
  ...(varied48 as LabelledCase[]),
  ...(varied49 as LabelledCase[]),
  ...(varied50 as LabelledCase[]),
  ...(varied51 as LabelledCase[]),
  ...(varied52 as LabelledCase[]),
  ...(varied53 as LabelledCase[]),
  ...(varied54 as LabelledCase[]),
  ...(varied55 as LabelledCase[]),
  ...(varied56 as LabelledCase[]),
  ...(varied57 as LabelledCase[]),
  ...(varied58 as LabelledCase[]),
  ...(varied59 as LabelledCase[]),
  ...(varied60 as LabelledCase[]),
  ...(varied61 as LabelledCase[]),
  ...(varied62 as LabelledCase[]),
  ...(varied63 as LabelledCase[]),
  ...(varied64 as LabelledCase[]),
  ...(varied65 as LabelledCase[]),
  ...(varied66 as LabelledCase[]),
  ...(varied67 as LabelledCase[]),
  ...(varied68 as LabelledCase[]),
];

/** Where the compiler's rules and its category model come from. */
export const DEV_SET: readonly LabelledCase[] = [...CORPUS, ...VARIED_CASES];
