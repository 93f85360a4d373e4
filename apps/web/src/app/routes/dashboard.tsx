import { useNavigate } from 'react-router';
import { secondaryButton } from '../../components/button-styles.ts';
import { useAuth } from '../../features/auth/use-auth.ts';

export function Component() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();

  async function signOut() {
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">
          Welcome, {user?.display_name || user?.username}
        </h1>
        <button type="button" className={secondaryButton} onClick={() => void signOut()}>
          Sign Out
        </button>
      </div>
    </div>
  );
}
