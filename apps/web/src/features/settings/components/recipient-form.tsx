import { AddEmailRecipientSchema, ErrorCode } from '@spoke/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { useAddEmailRecipient } from '../api/email-recipients.ts';
import { SuccessNote } from './success-note.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** Asks an address whether the user's agents may e-mail it. */
export function RecipientForm() {
  const add = useAddEmailRecipient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [asked, setAsked] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAsked(null);
    const parsed = AddEmailRecipientSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    add.mutate(parsed.data.email, {
      onSuccess: (recipient) => {
        setEmail('');
        setAsked(recipient.email);
      },
      // Whatever is about the address itself (its syntax, the user's own, already listed)
      // goes on the field; a limit or an unverified account above the form.
      onError: (failure) =>
        setError(
          failure.fields?.email ??
            (failure.code === ErrorCode.CONFLICT ? failure.message : undefined),
        ),
    });
  }

  const formError = add.error && !error ? add.error.message : null;
  return (
    <form noValidate onSubmit={submit} aria-label="Add an e-mail recipient" className="space-y-3">
      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="name@example.com"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          className="min-w-0 flex-1"
        />
        <Button type="submit" pending={add.isPending} pendingLabel="Asking..." className="sm:mt-6">
          Ask to allow
        </Button>
      </div>
      <SuccessNote
        message={
          asked
            ? `We e-mailed ${asked} a link to allow your agents. It works once, within 7 days.`
            : null
        }
      />
    </form>
  );
}
