import { isCommonPassword, passwordStrength } from '@spoke/shared';
import { useCommonPasswords } from '../common-passwords.ts';

type Label = ReturnType<typeof passwordStrength>['label'] | 'Too common';

const BAR_COLOUR: Record<Label, string> = {
  'Enter a password': 'bg-slate-400',
  'Too common': 'bg-red-500',
  Weak: 'bg-red-500',
  Fair: 'bg-amber-500',
  Good: 'bg-lime-600',
  Strong: 'bg-emerald-600',
};

/**
 * Four bars, one per two characters, and the spec's label for the password's length; a password
 * from the list of common and breached ones reads "Too common" whatever its length.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const common = useCommonPasswords();
  const isCommon = common !== null && password !== '' && isCommonPassword(password, common);
  const { label, bars } = isCommon
    ? { label: 'Too common' as const, bars: 1 }
    : passwordStrength(password);
  return (
    <div className="mt-2">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((bar) => (
          <span
            key={bar}
            data-testid="password-strength-bar"
            data-filled={bar < bars}
            className={`h-1.5 rounded-full ${bar < bars ? BAR_COLOUR[label] : 'bg-slate-200'}`}
          />
        ))}
      </div>
      {/* Polite and label-only: announced when the label changes, not on every keystroke. */}
      <p
        className={`mt-1 text-xs ${isCommon ? 'font-medium text-red-700' : 'text-slate-600'}`}
        aria-live="polite"
      >
        <span className="sr-only">Password strength: </span>
        <span data-testid="password-strength-label">{label}</span>
      </p>
    </div>
  );
}
