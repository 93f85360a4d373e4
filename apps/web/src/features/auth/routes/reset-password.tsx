import { ErrorCode, PASSWORD_MIN_LENGTH, RegisterStep2Schema } from '@spoke/shared';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { AuthCard } from '#web/components/auth-card.tsx';
import { textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { asApiError } from '#web/lib/api/as-api-error.ts';
import { resetPassword } from '../api/password-reset.ts';
import { commonPasswordError } from '../common-passwords.ts';
import { PasswordFields, type PasswordValues } from '../components/password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';

function LinkTo({ to, children }: { to: string; children: string }) {
  return (
    <p className="mt-6 text-sm">
      <Link to={to} className={textLink}>
        {children}
      </Link>
    </p>
  );
}

export function Component() {
  usePageTitle('Reset password');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [values, setValues] = useState<PasswordValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordValues, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <p className="text-sm text-slate-700">
          This page opens from the link in a password reset e-mail, and this address has no reset
          code in it. Request a new link and open it straight from the e-mail.
        </p>
        <LinkTo to="/forgot-password">Request a new link</LinkTo>
      </AuthCard>
    );
  }

  if (tokenError) {
    return (
      <AuthCard title="Reset your password">
        <Alert>{tokenError}</Alert>
        <LinkTo to="/forgot-password">Request a new link</LinkTo>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password changed">
        <p role="status" className="text-sm text-slate-700">
          Your password has been reset. Sign in with your new password.
        </p>
        <LinkTo to="/login">Sign In</LinkTo>
      </AuthCard>
    );
  }

  function change(key: keyof PasswordValues, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RegisterStep2Schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const common = commonPasswordError(parsed.data.password);
    if (common) {
      setErrors({ password: common });
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await resetPassword(token, parsed.data.password);
      setDone(true);
    } catch (caught) {
      const error = asApiError(caught);
      if (error.code === ErrorCode.INVALID_TOKEN || error.fields?.token) {
        setTokenError(error.message);
      } else if (error.fields?.password) {
        setErrors({ password: error.fields.password });
      } else {
        setFormError(error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Alert>{formError}</Alert>}
        <PasswordFields
          values={values}
          errors={errors}
          onChange={change}
          labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
        />
        <Button
          type="submit"
          pending={busy}
          pendingLabel="Resetting Password..."
          className="w-full"
        >
          Reset Password
        </Button>
      </form>
      <LinkTo to="/login">Back to Sign In</LinkTo>
    </AuthCard>
  );
}
