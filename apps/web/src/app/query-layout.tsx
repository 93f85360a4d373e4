import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { useAuth } from '../lib/auth/use-auth.ts';
import { queryClientFor } from './query-client-for-user.ts';

/** Layout route for the screens that use data queries; lazily loaded with them. */
export function Component() {
  const { user } = useAuth();
  return (
    <QueryClientProvider client={queryClientFor(user?.id ?? null)}>
      <ConnectionStatus />
      <Outlet />
    </QueryClientProvider>
  );
}
