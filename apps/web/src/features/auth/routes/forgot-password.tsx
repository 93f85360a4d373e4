import { ForgotPasswordSchema } from '@spoke/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert.tsx';
import { AuthCard } from '../../../components/auth-card.tsx';
import { primaryButton, textLink } from '../../../components/button-styles.ts';
import { usePageTitle } from '../../../components/layout/use-page-title.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { asApiError } from '../api/as-api-error.ts';
import { requestPasswordReset } from '../api/password-reset.ts';

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
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className={`${primaryButton} w-full`}
        >
          {busy && <Spinner />}
          {busy ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}
