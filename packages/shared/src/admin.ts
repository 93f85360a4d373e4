import * as z from 'zod/mini';
import { PLAN_IDS } from './plans.ts';

/** A user as the admin area lists it. */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  display_name: z.nullable(z.string()),
  is_admin: z.boolean(),
  /** Admin through ADMIN_EMAILS: cannot be revoked from the app. */
  admin_from_env: z.boolean(),
  plan: z.enum(PLAN_IDS),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.object({
  users: z.array(AdminUserSchema),
  next_cursor: z.nullable(z.string()),
});

export const AdminUserQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});

export const AdminUserPatchSchema = z
  .object({
    is_admin: z.optional(z.boolean()),
    plan: z.optional(z.enum(PLAN_IDS, { error: 'Unknown plan' })),
  })
  .check(
    z.refine((v) => v.is_admin !== undefined || v.plan !== undefined, {
      message: 'Nothing to update',
    }),
  );
export type AdminUserPatch = z.input<typeof AdminUserPatchSchema>;

export const AdminUserResultSchema = z.object({ user: AdminUserSchema });
