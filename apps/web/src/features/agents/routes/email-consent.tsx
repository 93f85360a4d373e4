import {
  ErrorCode,
  type EmailConsentAnswer,
  type EmailConsentRequest,
  type EmailConsentResult,
} from '@spoke/shared';
import { CheckCircle2, MailX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { AuthCard } from '#web/components/auth-card.tsx';
import { primaryButton, secondaryButton, textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { RetryError } from '#web/components/retry-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { isApiError } from '#web/lib/api/api-error.ts';
import { useAnswerEmailConsent, useEmailConsentRequest } from '../api/email-consent.ts';

const DEAD_LINK =
  'This link does not work any more: it was answered already or is over 7 days old.';

// aria-disabled rather than disabled: the pressed button keeps focus while the answer is sent.
const pending = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/** A link that was answered, expired, or never was one (a cut or too long token). */
const isDeadLink = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.code === ErrorCode.VALIDATION_FAILED);

/** Takes focus when shown, so that keyboard and screen reader users land on the outcome. */
function Outcome({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="space-y-4 focus:outline-none">
      {children}
    </div>
  );
}

function Answered({
  request,
  result,
}: {
  request: EmailConsentRequest;
  result: EmailConsentResult;
}) {
  const { username, email } = request;
  const allowed = result.status === 'confirmed';
  const Icon = allowed ? CheckCircle2 : MailX;
  return (
    <AuthCard title={allowed ? 'E-mails allowed' : 'Request ignored'}>
      <Outcome>
        <p role="status" className="flex gap-2 text-sm text-slate-700">
          <Icon
            aria-hidden="true"
            className={`mt-0.5 size-4 shrink-0 ${allowed ? 'text-green-700' : 'text-slate-500'}`}
          />
          <span>
            {allowed ? (
              <>
                Agents of {username} may now e-mail{' '}
                <strong className="wrap-anywhere">{email}</strong>. Each message names {username},
                says that Spoke did not write it, and replies go to {username}.
              </>
            ) : (
              <>
                No agent of {username} will e-mail{' '}
                <strong className="wrap-anywhere">{email}</strong>, and {username} cannot ask again.
              </>
            )}
          </span>
        </p>
        {allowed && (
          <p className="text-sm text-slate-600">
            To stop them, ask {username} to remove your address, or{' '}
            <Link to="/contact" className={textLink}>
              tell us
            </Link>
            .
          </p>
        )}
      </Outcome>
    </AuthCard>
  );
}

function DeadLink({ message }: { message: string }) {
  return (
    <AuthCard title="Link no longer valid">
      <Outcome>
        <Alert>{message}</Alert>
        <p className="text-sm text-slate-700">
          Nothing was changed: unless you allowed it before, no agent may e-mail you.
        </p>
      </Outcome>
    </AuthCard>
  );
}

export function Component() {
  usePageTitle('E-mail request');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // Kept from the first render: once answered, the token leaves the address bar and history.
  const [token] = useState(() => search.get('token') ?? '');
  const request = useEmailConsentRequest(token);
  const answer = useAnswerEmailConsent(token);
  const [choice, setChoice] = useState<EmailConsentAnswer | null>(null);

  function reply(value: EmailConsentAnswer) {
    setChoice(value);
    answer.mutate(value, {
      onSettled: (_result, error) => {
        // The link is spent (or was already): nothing left to keep it for.
        if (!error || isDeadLink(error)) void navigate({ search: '' }, { replace: true });
      },
    });
  }

  if (!token) {
    return (
      <AuthCard title="Answer an e-mail request">
        <p className="text-sm text-slate-700">
          This page opens from the link in an e-mail asking whether a Spoke user&rsquo;s agents may
          e-mail you, and this address has no code in it. Open the link straight from the e-mail.
        </p>
      </AuthCard>
    );
  }
  if (answer.isSuccess && request.data) {
    return <Answered request={request.data} result={answer.data} />;
  }
  if (isDeadLink(request.error) || isDeadLink(answer.error)) {
    return <DeadLink message={request.error?.message ?? answer.error?.message ?? DEAD_LINK} />;
  }
  if (request.isPending) return <PageLoading />;
  if (request.isError) {
    return (
      <AuthCard title="Could not load this request">
        <RetryError message={request.error.message} onRetry={() => void request.refetch()} />
      </AuthCard>
    );
  }

  const { username, email } = request.data;
  const busy = answer.isPending;
  return (
    <AuthCard title={`${username} wants their Spoke agent to e-mail you`}>
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          If you allow it, agents that {username} runs on Spoke may send e-mail to{' '}
          <strong className="wrap-anywhere">{email}</strong>. Every message names {username} and
          says that Spoke did not write it; replies go to {username}.
        </p>
        <p>If you ignore it, none of their agents will e-mail you, and they cannot ask again.</p>
      </div>
      {answer.error && (
        <div className="mt-4">
          <Alert>{answer.error.message}</Alert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          className={`${primaryButton} ${pending}`}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) reply('allow');
          }}
        >
          {busy && choice === 'allow' && <Spinner />}
          Allow e-mails
        </button>
        <button
          type="button"
          className={`${secondaryButton} ${pending}`}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) reply('ignore');
          }}
        >
          {busy && choice === 'ignore' && <Spinner />}
          Ignore
        </button>
      </div>
      <p className="mt-6 text-xs text-slate-600">
        You got this link because {username} typed your address. It works once, within 7 days.
      </p>
    </AuthCard>
  );
}
