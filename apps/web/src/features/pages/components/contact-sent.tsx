import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { secondaryButton, textLink } from '#web/components/button-styles.ts';

/** What replaces the form once a message is stored. */
export function ContactSent({
  name,
  email,
  onSendAnother,
}: {
  name: string;
  email: string;
  onSendAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: move focus to the news, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="py-4 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-green-600" />
      <h2
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-xl font-semibold text-slate-900 focus:outline-none"
      >
        Message sent
      </h2>
      <p className="mx-auto mt-2 max-w-sm text-slate-600">
        Thank you, {name}. We have received your message and will reply to{' '}
        <span className="font-medium wrap-break-word text-slate-900">{email}</span>.
      </p>
      <div className="mt-6 flex flex-col items-center gap-4">
        <button type="button" className={secondaryButton} onClick={onSendAnother}>
          Send another message
        </button>
        <Link to="/help" className={`text-sm ${textLink}`}>
          Browse the Help Center
        </Link>
      </div>
    </div>
  );
}
