import { Progress } from '@mantine/core';
import { useStore } from './create-store';
import { loadingStore } from './loading-store';

/** The one global loading indicator: a thin bar at the top while any request is in flight. */
export function LoadingIndicator() {
  const pending = useStore(loadingStore);
  if (pending === 0) return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 2000 }}
      data-testid="global-loading"
      aria-label="Loading"
    />
  );
}
