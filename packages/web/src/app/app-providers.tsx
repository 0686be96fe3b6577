import { Badge, createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertsView } from '../platform/alerts-view';
import { LoadingIndicator } from '../platform/loading-indicator';
import { queryClient } from '../platform/query-client';

const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // A status badge never reads "ACTI…": it keeps its width in a narrow cell or a flex row.
    Badge: Badge.extend({
      styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } },
    }),
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" defaultColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <LoadingIndicator />
        <AlertsView />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
