import { Link } from 'react-router';
import { AuthCard } from '#web/components/auth-card.tsx';
import { textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { RegisterWizard } from '../components/register-wizard/register-wizard.tsx';

export function Component() {
  usePageTitle('Create your account');
  return (
    <AuthCard title="Create your account" subtitle="Describe an agent, get a working agent.">
      <div className="space-y-6">
        <RegisterWizard />
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
