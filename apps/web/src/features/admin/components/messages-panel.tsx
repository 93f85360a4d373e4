import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { useContactMessages } from '../api/admin.ts';
import { LoadMore } from '#web/components/load-more.tsx';
import { MessageItem } from './message-item.tsx';

export function MessagesPanel() {
  const messages = useContactMessages();

  if (messages.isPending) return <PageLoading />;
  if (messages.isError) {
    return (
      <div className="space-y-3">
        <Alert>{messages.error.message}</Alert>
        <button type="button" className={secondaryButton} onClick={() => void messages.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const list = messages.data.pages.flatMap((page) => page.messages);
  if (list.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
        No contact messages yet.
      </p>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">Newest first.</p>
      <ul
        aria-label="Contact messages"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {list.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ul>
      <LoadMore
        hasMore={messages.hasNextPage}
        loading={messages.isFetchingNextPage}
        onLoad={() => void messages.fetchNextPage()}
      />
    </>
  );
}
