import { z } from 'zod';

/** Failure body: `{"error": {"message", "code", "fields"?}}`. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Success body: `{"data": ...}`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}
