import * as z from 'zod/mini';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;

export const ReadySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
});
export type Ready = z.infer<typeof ReadySchema>;
