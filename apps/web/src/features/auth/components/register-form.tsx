import {
  RegisterRequestSchema,
  ROLE_LABELS,
  TEAM_SIZE_LABELS,
  USE_CASE_LABELS,
  type Role,
  type TeamSize,
  type UseCase,
} from '@spoke/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert.tsx';
import { primaryButton } from '../../../components/button-styles.ts';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useRegisterMutation } from '../api/register.ts';
import { DEFAULT_AFTER_LOGIN } from '../next-location.ts';
import { useAuth } from '../use-auth.ts';

interface Values {
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
}
type TextKey = Exclude<keyof Values, 'agreeToTerms' | 'subscribeNewsletter'>;

const initialValues: Values = {
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
  subscribeNewsletter: true,
};

export function RegisterForm() {
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const registration = useRegisterMutation(({ token, user }) => {
    setSession(token, user);
    navigate(DEFAULT_AFTER_LOGIN, { replace: true });
  });

  function update<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    // The seed clears a field's error as soon as the user edits that field.
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      update(key, event.target.value as Values[typeof key]),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RegisterRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    registration.mutate(parsed.data, { onError: (error) => setErrors(error.fields ?? {}) });
  }

  const busy = registration.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {registration.error && <Alert>{registration.error.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...text('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...text('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...text('email')} />
      <TextField label="Username" autoComplete="username" {...text('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...text('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...text('confirmPassword')}
      />
      <SelectField
        label="Role"
        placeholder="Select your role"
        options={ROLE_LABELS}
        {...text('role')}
      />
      <SelectField
        label="Team size"
        placeholder="Select team size"
        options={TEAM_SIZE_LABELS}
        {...text('teamSize')}
      />
      <SelectField
        label="Primary use case"
        placeholder="Select primary use case"
        options={USE_CASE_LABELS}
        {...text('useCase')}
      />
      <CheckboxField
        label="I agree to the Terms of Service and Privacy Policy"
        name="agreeToTerms"
        checked={values.agreeToTerms}
        error={errors.agreeToTerms}
        onChange={(event) => update('agreeToTerms', event.target.checked)}
      />
      <CheckboxField
        label="Send me product news and tips"
        name="subscribeNewsletter"
        checked={values.subscribeNewsletter}
        onChange={(event) => update('subscribeNewsletter', event.target.checked)}
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${primaryButton} w-full`}>
        {busy && <Spinner />}
        {busy ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}
