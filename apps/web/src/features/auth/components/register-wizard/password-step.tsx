import { PasswordFields } from '../password-fields.tsx';
import type { StepProps } from './step-props.ts';

export function PasswordStep({ values, errors, update }: StepProps) {
  return (
    <PasswordFields values={values} errors={errors} onChange={(key, value) => update(key, value)} />
  );
}
