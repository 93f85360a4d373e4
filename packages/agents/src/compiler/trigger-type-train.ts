import type { CorpusCase } from './corpus/types.ts';
import { trainLinear } from './linear.ts';
import { analyse } from './nlp.ts';
import { normalize } from './text.ts';
import { TRIGGER_TYPES, triggerTypeFeatures, type TriggerTypeModel } from './trigger-type.ts';

/** Trains the trigger-type model on labelled descriptions, read as the compiler reads them. */
export function trainTriggerTypeModel(cases: readonly CorpusCase[]): TriggerTypeModel {
  return trainLinear(
    TRIGGER_TYPES,
    cases.map((item) => {
      const text = normalize(item.prompt);
      return {
        features: triggerTypeFeatures(text, analyse(text)),
        label: TRIGGER_TYPES.indexOf(item.trigger.type),
      };
    }),
  );
}
