import type { SandboxModeName } from '@spoke/shared';
import { useQuery } from '@tanstack/react-query';
import { serverStatusQueryOptions } from '#web/lib/server-status.ts';

/** How third-party integrations run on this server, or null when it does not say. */
export const useSandboxMode = () =>
  useQuery({
    ...serverStatusQueryOptions,
    select: (ready): SandboxModeName | null => ready.integrations?.sandbox ?? null,
  });
