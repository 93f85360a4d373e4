import { CONTACT_TOPIC_LABELS, contactReplyLink, type ContactMessage } from '@spoke/shared';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { textLink } from '#web/components/button-styles.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function MessageItem({ message }: { message: ContactMessage }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();

  return (
    <li className="px-4 py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {message.name}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {CONTACT_TOPIC_LABELS[message.topic]}
            </span>
            {message.user_id && (
              <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800">
                Signed-in user
              </span>
            )}
          </p>
          <a href={contactReplyLink(message)} className={`${textLink} text-sm break-all`}>
            {message.email}
          </a>
        </div>
        <time dateTime={message.created_at} className="text-sm text-slate-600">
          {when(message.created_at)}
        </time>
      </div>
      {open ? (
        <p id={bodyId} className="mt-3 text-sm whitespace-pre-wrap text-slate-800">
          {message.message}
        </p>
      ) : (
        <p className="mt-2 line-clamp-2 text-sm text-slate-700">{message.message}</p>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        onClick={() => setOpen(!open)}
        className="mt-2 inline-flex items-center gap-1 rounded text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {open ? 'Show less' : 'Read full message'}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
    </li>
  );
}
