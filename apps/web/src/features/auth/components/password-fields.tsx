import { TextField } from '#web/components/text-field.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

export interface PasswordValues {
  password: string;
  confirmPassword: string;
}

/** A new password with its strength meter, and its confirmation. */
export function PasswordFields({
  values,
  errors,
  onChange,
  labels = { password: 'Password', confirmPassword: 'Confirm password' },
}: {
  values: PasswordValues;
  errors: Partial<Record<keyof PasswordValues, string>>;
  onChange: (key: keyof PasswordValues, value: string) => void;
  labels?: Record<keyof PasswordValues, string>;
}) {
  return (
    <div className="space-y-4">
      <div>
        <TextField
          label={labels.password}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(event) => onChange('password', event.target.value)}
        />
        <PasswordStrengthMeter password={values.password} />
      </div>
      <TextField
        label={labels.confirmPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onChange('confirmPassword', event.target.value)}
      />
    </div>
  );
}
