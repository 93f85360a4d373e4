import {
  CLIENT_ERROR_MESSAGES,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_TOPIC_LABELS,
  ContactRequestSchema,
  type ContactRequest,
  type ContactTopic,
} from '@spoke/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { SelectField } from '#web/components/select-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { isApiError } from '#web/lib/api/api-error.ts';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { useHydrated } from '#web/prerender/use-hydrated.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';
import { ContactSent } from './contact-sent.tsx';
import { TextareaField } from './textarea-field.tsx';
import { Button } from '#web/components/ui/button.tsx';

type Field = keyof ContactRequest;
const FIELDS: readonly Field[] = ['name', 'email', 'topic', 'message'];

type Sent = { name: string; email: string };

export function ContactForm({ initialTopic }: { initialTopic: ContactTopic | '' }) {
  const { user } = useAuth();
  // Name and e-mail follow the signed-in account until the visitor types their own.
  const [edited, setEdited] = useState<Partial<Record<Field, string>>>({ topic: initialTopic });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // A prerendered form is on screen before the app owns it: until then it is disabled, so nothing
  // is typed that hydrating would drop, and it is never submitted natively (a GET that would put
  // the message in the address).
  const hydrated = useHydrated();

  const values: Record<Field, string> = {
    name: edited.name ?? user?.display_name ?? user?.username ?? '',
    email: edited.email ?? user?.email ?? '',
    topic: edited.topic ?? '',
    message: edited.message ?? '',
  };

  function change(field: Field, value: string) {
    setEdited((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  // After the re-render: the field exists again, or is announced with its new error.
  function focusLater(field: Field) {
    requestAnimationFrame(() => {
      const element = form.current?.elements.namedItem(field);
      if (element instanceof HTMLElement) element.focus();
    });
  }

  function showErrors(next: Partial<Record<Field, string>>) {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) focusLater(first);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const parsed = ContactRequestSchema.safeParse(values);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    setSending(true);
    try {
      await sendContactMessage(parsed.data);
      setSent({ name: parsed.data.name, email: parsed.data.email });
    } catch (error) {
      if (!isApiError(error)) {
        setFailure(CLIENT_ERROR_MESSAGES.UNKNOWN_ERROR);
        return;
      }
      setFailure(error.message);
      const fromServer = Object.fromEntries(
        Object.entries(error.fields ?? {}).filter(([field]) => FIELDS.includes(field as Field)),
      );
      if (Object.keys(fromServer).length > 0) showErrors(fromServer);
    } finally {
      setSending(false);
    }
  }

  function sendAnother() {
    setEdited(({ name, email, topic }) => ({ name, email, topic }));
    setSent(null);
    focusLater('message');
  }

  if (sent) return <ContactSent name={sent.name} email={sent.email} onSendAnother={sendAnother} />;

  return (
    <form ref={form} onSubmit={onSubmit} noValidate>
      <fieldset disabled={!hydrated} className="min-w-0 space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Send a message</h2>
        {failure && <Alert>{failure}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            error={errors.name}
            onChange={(event) => change('name', event.target.value)}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            error={errors.email}
            onChange={(event) => change('email', event.target.value)}
          />
        </div>
        <SelectField
          label="Topic"
          name="topic"
          placeholder="Choose a topic"
          options={CONTACT_TOPIC_LABELS}
          required
          value={values.topic}
          error={errors.topic}
          onChange={(event) => change('topic', event.target.value)}
        />
        <TextareaField
          label="Message"
          name="message"
          required
          rows={7}
          min={CONTACT_MESSAGE_MIN}
          max={CONTACT_MESSAGE_MAX}
          value={values.message}
          error={errors.message}
          onChange={(event) => change('message', event.target.value)}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">A person reads every message.</p>
          <Button type="submit" pending={sending} pendingLabel="Sending...">
            Send message
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
