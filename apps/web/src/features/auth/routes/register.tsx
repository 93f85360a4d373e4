import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { textLink } from '../../../components/button-styles.ts';
import { GoogleButton } from '../components/google-button.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { DEFAULT_AFTER_LOGIN } from '../next-location.ts';

export function Component() {
  return (
    <AuthCard title="Create your account" subtitle="Describe an agent, get a working agent.">
      <div className="space-y-6">
        <GoogleButton next={DEFAULT_AFTER_LOGIN} label="Sign up with Google" />
        <RegisterForm />
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/login" className={textLink}>
            Sign In
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
