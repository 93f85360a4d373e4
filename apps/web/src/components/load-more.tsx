import { Button } from './ui/button.tsx';

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
      <Button variant="secondary" pending={loading} pendingLabel="Loading..." onClick={onLoad}>
        {label}
      </Button>
    </div>
  );
}
