import { QueryClient } from '@tanstack/react-query';

// The API client already alerts on failures, so queries do not retry into a second alert.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
