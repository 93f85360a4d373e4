import { AGENT_CATEGORIES } from '@spoke/shared';
import { categoryFeatures, type CategoryInput, type CategoryModel } from './category.ts';
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

export function trainCategoryModel(cases: readonly CorpusCase[]): CategoryModel {
  const classes = [...AGENT_CATEGORIES];
  return trainLinear(
    classes,
    cases.map((item) => ({
      features: categoryFeatures(trainingInput(item)),
      label: classes.indexOf(item.category),
    })),
  );
}
