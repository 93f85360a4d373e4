import {
  ChangePasswordSchema,
  passwordField,
  PASSWORD_MIN_LENGTH,
  type AuthResult,
  type ChangePassword,
} from '@spoke/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { Alert } from '#web/components/alert.tsx';
import { TextField } from '#web/components/text-field.tsx';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { changePassword, sessionsQueryKey } from '../api/account.ts';
import { SuccessNote } from './success-note.tsx';
import { Button } from '#web/components/ui/button.tsx';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

// The registration rules and messages, for the new password and its confirmation.
const PasswordFormSchema = z
  .object({
    currentPassword: ChangePasswordSchema.shape.currentPassword,
    newPassword: passwordField,
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((v) => !v.confirmPassword || v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'Passwords do not match',
    }),
  );

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { setSession } = useAuth();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const change = useMutation<AuthResult, ApiError, ChangePassword>({
    mutationFn: changePassword,
    onSuccess: (result) => {
      // The old token was revoked with every other session: carry on with the new one.
      setSession(result.token, result.user);
      setValues(EMPTY);
      setSaved('Password changed. Your other sessions have been signed out.');
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
    onError: (error) => setErrors(error.fields ?? {}),
  });

  function edit(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(null);
    if (change.isError) change.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    change.reset();
    change.mutate({
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.newPassword,
    });
  }

  // A wrong current password is reported on its field; other failures get the banner.
  const onField = Object.keys(change.error?.fields ?? {}).some((field) => field in EMPTY);
  const banner = change.error && !onField ? change.error.message : null;

  return (
    <form noValidate onSubmit={submit} className="max-w-lg space-y-4">
      {banner && <Alert>{banner}</Alert>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(event) => edit('currentPassword', event.target.value)}
      />
      <div>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          error={errors.newPassword}
          onChange={(event) => edit('newPassword', event.target.value)}
        />
        {!errors.newPassword && (
          <p className="mt-1 text-sm text-slate-600">At least {PASSWORD_MIN_LENGTH} characters.</p>
        )}
      </div>
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => edit('confirmPassword', event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" pending={change.isPending} pendingLabel="Changing...">
          Change password
        </Button>
        <SuccessNote message={saved} />
      </div>
    </form>
  );
}
