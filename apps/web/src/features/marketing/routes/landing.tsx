import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles.ts';

export function Component() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-5xl font-extrabold tracking-tight text-slate-900">Spoke</h1>
      <p className="mt-4 text-lg text-slate-600">
        Describe an AI agent in plain language and get a working agent, no code required.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/login" className={secondaryButton}>
          Sign In
        </Link>
        <Link to="/register" className={primaryButton}>
          Create account
        </Link>
      </div>
    </section>
  );
}
