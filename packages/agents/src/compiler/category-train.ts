import { AGENT_CATEGORIES } from '@spoke/shared';
import { categoryFeatures, type CategoryInput, type CategoryModel } from './category.ts';
import { LANDING_PROMPTS, STARTER_PROMPTS } from './corpus/samples.ts';
import type { CorpusCase } from './corpus/types.ts';
import { trainLinear } from './linear.ts';
import { resolveService } from './services.ts';
import { normalize } from './text.ts';

/**
 * What the model sees of a labelled case: its words (normalised, as the compiler reads them),
 * labelled integrations and trigger type.
 */
export function trainingInput(item: CorpusCase): CategoryInput {
  return {
    description: normalize(item.prompt),
    integrations: item.integrations.map((label) => resolveService(label)?.integration.id ?? label),
    trigger: item.trigger.type,
    ...(item.trigger.type === 'event'
      ? {
          source: resolveService(item.trigger.integration)?.integration.id,
          event: item.trigger.event,
        }
      : {}),
  };
}

/** The descriptions the product shows (the landing page's, the studio's starters): every visitor reads them. */
const SHOWN = new Set([...LANDING_PROMPTS, ...Object.values(STARTER_PROMPTS)]);
/** How many times a shown description counts in training. */
const SHOWN_WEIGHT = 3;

export function trainCategoryModel(cases: readonly CorpusCase[]): CategoryModel {
  const classes = [...AGENT_CATEGORIES];
  return trainLinear(
    classes,
    cases.flatMap((item) => {
      const example = {
        features: categoryFeatures(trainingInput(item)),
        label: classes.indexOf(item.category),
      };
      return Array.from({ length: SHOWN.has(item.prompt) ? SHOWN_WEIGHT : 1 }, () => example);
    }),
  );
}
