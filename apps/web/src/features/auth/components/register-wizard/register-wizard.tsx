import { RegisterRequestSchema } from '@spoke/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { registerAccount } from '#web/features/auth/api/register.ts';
import { commonPasswordError } from '#web/features/auth/common-passwords.ts';
import { DEFAULT_AFTER_LOGIN } from '#web/features/auth/next-location.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { AccountStep } from './account-step.tsx';
import { asApiError } from '#web/lib/api/as-api-error.ts';
import { PasswordStep } from './password-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import type { StepProps } from './step-props.ts';
import { WizardProgress } from './wizard-progress.tsx';
import {
  firstStepWith,
  INITIAL_VALUES,
  STEP_TITLES,
  validateStep,
  type Step,
  type WizardErrors,
} from './wizard-values.ts';
import { Button } from '#web/components/ui/button.tsx';

const STEPS = { 1: AccountStep, 2: PasswordStep, 3: ProfileStep };

export function RegisterWizard() {
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState(INITIAL_VALUES);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Where focus goes after the next render: a new step's heading, or the first invalid field.
  const [focus, setFocus] = useState<{ target: 'heading' | 'invalid' } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focus?.target === 'heading') headingRef.current?.focus();
    if (focus?.target === 'invalid') {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [focus]);

  const update: StepProps['update'] = (key, value) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  function goTo(next: Step) {
    setStep(next);
    setFocus({ target: 'heading' });
  }

  function showErrors(found: WizardErrors, at: Step) {
    setErrors(found);
    setStep(at);
    setFocus({ target: 'invalid' });
  }

  async function createAccount() {
    const parsed = RegisterRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      return showErrors(found, firstStepWith(Object.keys(found)) ?? 3);
    }
    setBusy(true);
    setFormError(null);
    try {
      const { token, user } = await registerAccount(parsed.data);
      setSession(token, user);
      navigate(DEFAULT_AFTER_LOGIN, { replace: true });
    } catch (caught) {
      const error = asApiError(caught);
      setBusy(false);
      setFormError(error.message);
      const fields = error.fields ?? {};
      // A conflict is about the e-mail or username, which live on the first step.
      const at = error.status === 409 ? 1 : (firstStepWith(Object.keys(fields)) ?? step);
      if (Object.keys(fields).length > 0 || at !== step) showErrors(fields, at);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateStep(step, values);
    // The server refuses a common password with this message; saying it here saves a round trip.
    const common = step === 2 && !found.password && commonPasswordError(values.password);
    if (common) found.password = common;
    if (Object.keys(found).length > 0) return showErrors(found, step);
    if (step < 3) {
      setFormError(null);
      return goTo((step + 1) as Step);
    }
    void createAccount();
  }

  const Fields = STEPS[step];
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6">
      <WizardProgress step={step} />
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {STEP_TITLES[step]}
      </h2>
      {formError && <Alert>{formError}</Alert>}
      <Fields values={values} errors={errors} update={update} />
      <div className="flex gap-3">
        {step > 1 && (
          <button
            type="button"
            onClick={() => goTo((step - 1) as Step)}
            disabled={busy}
            className={`${secondaryButton} flex-1`}
          >
            Back
          </button>
        )}
        <Button
          type="submit"
          pending={busy}
          pendingLabel={step < 3 ? 'Continue' : 'Creating Account...'}
          className="flex-1"
        >
          {step < 3 ? 'Continue' : 'Create Account'}
        </Button>
      </div>
    </form>
  );
}
