import { Alert } from '#web/components/alert.tsx';
import { PageLoading } from '#web/components/page-loading.tsx';
import { RetryError } from '#web/components/retry-error.tsx';
import { plural } from '#web/lib/format.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { useEmailRecipients } from '../api/email-recipients.ts';
import { RecipientForm } from './recipient-form.tsx';
import { RecipientList } from './recipient-list.tsx';
import { SectionCard } from '#web/components/ui/section-card.tsx';

const HEADING = 'email-recipients-heading';
const LIST_HEADING = 'email-recipients-list-heading';
// Where focus goes when the removed row (which held it) is gone.
const listHeading = () => document.getElementById(LIST_HEADING);

function Recipients() {
  const { user } = useAuth();
  const list = useEmailRecipients();

  if (list.isPending || !user) return <PageLoading />;
  if (list.isError) {
    return <RetryError message={list.error.message} onRetry={() => void list.refetch()} />;
  }
  const { recipients, own_address: own, daily_limit: limit, sent_today: sent } = list.data;
  const verified = user.email_verified;

  return (
    <div className="space-y-6">
      {verified ? (
        <p className="text-sm text-slate-700">
          Your own address, <strong className="wrap-anywhere">{own}</strong>, is always allowed.
        </p>
      ) : (
        <Alert tone="info">
          Verify your address, <strong className="wrap-anywhere">{own}</strong>, first: until then
          your agents send no e-mail and you cannot add recipients.
        </Alert>
      )}
      {verified && <RecipientForm />}
      <div>
        <h3
          id={LIST_HEADING}
          tabIndex={-1}
          className="mb-2 text-sm font-semibold text-slate-800 focus:outline-none"
        >
          Addresses you asked
        </h3>
        <RecipientList recipients={recipients} fallbackFocus={listHeading} />
      </div>
      <p className="text-sm text-slate-600">
        Today: {plural(sent, 'e-mail')} of {limit} sent. Each recipient of a message, and each
        request to allow, counts; the count starts again at midnight UTC.
      </p>
    </div>
  );
}

/** Who the user's agents may e-mail: their own address and the addresses that allowed it. */
export function EmailRecipients() {
  return (
    <SectionCard
      id={HEADING}
      title="E-mail recipients"
      description="Your agents’ send_email steps reach your own address and the addresses that allowed it from the link we e-mail them."
    >
      <Recipients />
    </SectionCard>
  );
}
