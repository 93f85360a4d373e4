import { ForgotPasswordSchema } from '@spoke/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { AuthCard } from '#web/components/auth-card.tsx';
import { textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { TextField } from '#web/components/text-field.tsx';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { asApiError } from '#web/lib/api/as-api-error.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { Button } from '#web/components/ui/button.tsx';

const RESET_LINK_SENT =
  'If an account exists for that e-mail, we sent a link to reset your password.';

function BackToSignIn() {
  return (
    <p className="mt-6 text-sm">
      <Link to="/login" className={textLink}>
        Back to Sign In
      </Link>
    </p>
  );
}

export function Component() {
  usePageTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(fieldErrors(parsed.error).email);
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await requestPasswordReset(parsed.data.email);
      setSent(true);
    } catch (caught) {
      const error = asApiError(caught);
      if (error.fields?.email) setEmailError(error.fields.email);
      else setFormError(error.message);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <AuthCard title="Check your e-mail">
        <p role="status" className="text-sm text-slate-700">
          {RESET_LINK_SENT}
        </p>
        <p className="mt-3 text-sm text-slate-600">
          The link works once, within the next hour. No e-mail? Check your spam folder, or{' '}
          <button type="button" onClick={() => setSent(false)} className={textLink}>
            try again
          </button>
          .
        </p>
        <BackToSignIn />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={emailError}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(undefined);
          }}
        />
        <Button type="submit" pending={busy} pendingLabel="Sending..." className="w-full">
          Send reset link
        </Button>
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}
