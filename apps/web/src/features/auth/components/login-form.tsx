import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { textLink } from '#web/components/button-styles.ts';
import { CheckboxField } from '#web/components/checkbox-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { loginFailureMessage } from '../login-failure-message.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { GoogleOption } from './google-button.tsx';
import { Button } from '#web/components/ui/button.tsx';

export function LoginForm({ next }: { next: string }) {
  const { login, error } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [remember, setRemember] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setFailed(false);
    const ok = await login(String(form.get('email')), String(form.get('password')), remember);
    setBusy(false);
    if (ok) navigate(next, { replace: true });
    else setFailed(true);
  }

  return (
    <div className="space-y-6">
      <GoogleOption remember={remember} next={next} divider="or sign in with e-mail" />
      <form onSubmit={onSubmit} className="space-y-4">
        {failed && <Alert>{loginFailureMessage(error)}</Alert>}
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex items-center justify-between">
          <CheckboxField
            label="Remember me"
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <Link to="/forgot-password" className={`text-sm ${textLink}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" pending={busy} pendingLabel="Signing In..." className="w-full">
          Sign In
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        New to Spoke?{' '}
        <Link to="/register" className={textLink}>
          Create account
        </Link>
      </p>
    </div>
  );
}
