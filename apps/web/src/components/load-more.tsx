import { secondaryButton } from './button-styles.ts';
import { Spinner } from './spinner.tsx';

export function LoadMore({
  label = 'Load more',
  hasMore,
  loading,
  onLoad,
}: {
  label?: string;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button type="button" className={secondaryButton} disabled={loading} onClick={onLoad}>
        {loading && <Spinner />}
        {loading ? 'Loading...' : label}
      </button>
    </div>
  );
}
