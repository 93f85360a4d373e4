import { CONTACT_TOPICS, type ContactTopic } from '@spoke/shared';
import { Activity, BookOpen, CircleHelp, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ContactForm } from '../components/contact-form.tsx';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

function topicFrom(search: URLSearchParams): ContactTopic | '' {
  const topic = search.get('topic');
  return CONTACT_TOPICS.find((known) => known === topic) ?? '';
}

export function Component() {
  const [search] = useSearchParams();
  const topic = topicFrom(search);
  usePageTitle('Contact');
  return (
    <div className={`${CONTENT_WIDTH} py-10 sm:py-16`}>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,36rem)] lg:grid-rows-[auto_1fr] lg:gap-x-16">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Contact us
          </h1>
          <p className="mt-3 text-lg leading-8 text-slate-600">
            Questions about Spoke, a problem with your account, a sales enquiry or a security
            report: send us a message and a person will read it.
          </p>
        </div>
        {/* Second in reading order, so on a phone the form comes before the shortcuts. */}
        <section
          aria-label="Contact form"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          {/* A new ?topic= is a new request: start the form afresh. */}
          <ContactForm key={topic} initialTopic={topic} />
        </section>
        <nav aria-label="Other ways to get help">
          <ul className="space-y-5">
            <Shortcut icon={<CircleHelp />} to="/help" title="Help Center">
              Getting started, signing in, plans and limits.
            </Shortcut>
            <Shortcut icon={<BookOpen />} to="/faq" title="FAQ">
              Quick answers to the most common questions.
            </Shortcut>
            <Shortcut icon={<Activity />} to="/status" title="System status">
              Check whether Spoke is running normally.
            </Shortcut>
            <Shortcut icon={<ShieldCheck />} to="/security" title="Security">
              Found a vulnerability? Choose the Security report topic.
            </Shortcut>
          </ul>
        </nav>
      </div>
    </div>
  );
}

function Shortcut({
  icon,
  to,
  title,
  children,
}: {
  icon: ReactNode;
  to: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700 [&_svg]:size-5"
      >
        {icon}
      </span>
      <div>
        <Link
          to={to}
          className="font-semibold text-slate-900 underline-offset-2 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {title}
        </Link>
        <p className="text-sm text-slate-600">{children}</p>
      </div>
    </li>
  );
}
