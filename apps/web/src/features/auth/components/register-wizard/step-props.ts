import type { WizardErrors, WizardValues } from './wizard-values.ts';

export interface StepProps {
  values: WizardValues;
  errors: WizardErrors;
  update<K extends keyof WizardValues>(key: K, value: WizardValues[K]): void;
}

type TextKey = {
  [K in keyof WizardValues]: WizardValues[K] extends boolean ? never : K;
}[keyof WizardValues];

/** Value, error and change handler of a text or select field. */
export function bindField({ values, errors, update }: StepProps, key: TextKey) {
  return {
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      update(key, event.target.value as WizardValues[typeof key]),
  };
}
