import * as z from 'zod/mini';

/** Failure body: `{"error": {"message", "code", "fields"?}}`. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Success body: `{"data": ...}`. */
export function envelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ data });
}
