import { Link } from 'react-router';
import { primaryButton } from '../../components/button-styles.ts';

export function Component() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-blue-700">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist.</p>
      <Link to="/" className={`${primaryButton} mt-6`}>
        Go home
      </Link>
    </div>
  );
}
