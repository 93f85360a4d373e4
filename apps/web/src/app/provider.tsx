import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';

// Only what every page needs. The data-query cache lives in QueryLayout, loaded with the screens
// that use it, so the landing page does not ship it.
export function AppProvider({ children }: { children: ReactNode }) {
  return <AuthProvider>{children}</AuthProvider>;
}
