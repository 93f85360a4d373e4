import { secondaryButton } from '../../../components/button-styles.ts';
import { Spinner } from '../../../components/spinner.tsx';

export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button type="button" className={secondaryButton} disabled={loading} onClick={onLoad}>
        {loading && <Spinner />}
        {loading ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}
