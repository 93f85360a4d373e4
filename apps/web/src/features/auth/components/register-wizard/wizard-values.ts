import {
  RegisterStep1Schema,
  RegisterStep2Schema,
  RegisterStep3Schema,
  type Role,
  type TeamSize,
  type UseCase,
} from '@spoke/shared';
import { fieldErrors } from '#web/lib/field-errors.ts';

export interface WizardValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  role: Role | '';
  teamSize: TeamSize | '';
  useCase: UseCase | '';
  agreeToTerms: boolean;
  subscribeNewsletter: boolean;
  /** A "Remember me" session, as the sign-in form offers; otherwise a short one. */
  remember: boolean;
}

export type WizardErrors = Partial<Record<keyof WizardValues, string>>;
export type Step = 1 | 2 | 3;
export const STEP_COUNT = 3;

export const STEP_TITLES: Record<Step, string> = {
  1: 'Your account',
  2: 'Choose a password',
  3: 'About you',
};

export const INITIAL_VALUES: WizardValues = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
  role: '',
  teamSize: '',
  useCase: '',
  agreeToTerms: false,
  // The spec has the newsletter box ticked by default.
  subscribeNewsletter: true,
  // As on the sign-in form: a long session only when asked for.
  remember: false,
};

const STEP_SCHEMAS = { 1: RegisterStep1Schema, 2: RegisterStep2Schema, 3: RegisterStep3Schema };

/** The messages of one step's fields; empty when the step may be left. */
export function validateStep(step: Step, values: WizardValues): WizardErrors {
  const parsed = STEP_SCHEMAS[step].safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/** The step holding the first of these fields, so server-side errors show where they belong. */
export function firstStepWith(fields: readonly string[]): Step | null {
  const steps = ([1, 2, 3] as const).filter((step) =>
    fields.some((field) => field in STEP_SCHEMAS[step].shape),
  );
  return steps[0] ?? null;
}
