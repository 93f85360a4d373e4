import { UpdateProfileSchema, type User } from '@spoke/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { TextField } from '#web/components/text-field.tsx';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { updateProfile, type ProfilePatch } from '../api/account.ts';
import { SuccessNote } from './success-note.tsx';
import { Button } from '#web/components/ui/button.tsx';

type Field = 'display_name' | 'username';

export function ProfileForm({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const [values, setValues] = useState({
    display_name: user.display_name ?? '',
    username: user.username,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation<User, ApiError, ProfilePatch>({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      updateUser(updated);
      setValues({ display_name: updated.display_name ?? '', username: updated.username });
      setSaved('Profile saved.');
    },
    onError: (error) => setErrors(error.fields ?? {}),
  });

  function edit(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(null);
    if (save.isError) save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const patch = { display_name: values.display_name.trim() || null, username: values.username };
    const parsed = UpdateProfileSchema.safeParse(patch);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    save.reset();
    save.mutate({ display_name: patch.display_name, username: parsed.data.username ?? '' });
  }

  // A taken username comes back as 409 with the field named; mark it even if the server
  // sent no per-field text.
  const usernameError =
    errors.username ?? (save.error?.status === 409 ? save.error.message : undefined);

  return (
    <form noValidate onSubmit={submit} className="max-w-lg space-y-4">
      {save.error && <Alert>{save.error.message}</Alert>}
      <TextField label="Email" value={user.email} readOnly disabled autoComplete="email" />
      <TextField
        label="Display name"
        name="display_name"
        autoComplete="name"
        placeholder="Shown instead of your username"
        value={values.display_name}
        error={errors.display_name}
        onChange={(event) => edit('display_name', event.target.value)}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={values.username}
        error={usernameError}
        onChange={(event) => edit('username', event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save profile
        </Button>
        <SuccessNote message={saved} />
      </div>
    </form>
  );
}
