import { Alert, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Loading and failure states of a query, so pages only describe the data case. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load this screen">
        {query.error.message}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
