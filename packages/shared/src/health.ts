import * as z from 'zod/mini';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * How third-party (npm) integrations run: in a bubblewrap sandbox, without one because the
 * operator allowed it, or refused because no sandbox works on this server.
 */
export const SANDBOX_MODES = ['bubblewrap', 'none-unsafe', 'refused'] as const;
export type SandboxModeName = (typeof SANDBOX_MODES)[number];

export const ReadySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  integrations: z.optional(z.object({ sandbox: z.enum(SANDBOX_MODES) })),
});
export type Ready = z.infer<typeof ReadySchema>;
