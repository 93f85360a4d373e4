import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { textLink } from '../../../components/button-styles.ts';

export function Component() {
  return (
    <AuthCard title="Forgot password">
      <p className="text-sm text-slate-600">Password reset is not available here yet.</p>
      <p className="mt-6 text-sm">
        <Link to="/login" className={textLink}>
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
