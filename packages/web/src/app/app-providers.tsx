import {
  Autocomplete,
  Badge,
  type CSSVariablesResolver,
  createTheme,
  MantineProvider,
  MultiSelect,
  Select,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertsView } from '../platform/alerts-view';
import { LoadingIndicator } from '../platform/loading-indicator';
import { queryClient } from '../platform/query-client';

// A clearable input's × button is named for screen readers (Mantine leaves it unnamed).
const CLEAR_BUTTON = { clearButtonProps: { 'aria-label': 'Clear' } };

const theme = createTheme({
  primaryColor: 'teal',
  // Contrast (WCAG AA 4.5:1, issue 32): filled colours use shade 9 (white on teal.8 was 3.9:1, on
  // teal.9 5.0:1), and a fill too light for white text (yellow, lime, orange, green) gets black
  // text: 0.179 is the luminance where black and white contrast equally. One shade for both
  // schemes: Mantine picks the text colour with the light scheme's shade, and the app is dark.
  primaryShade: 9,
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // A status badge never reads "ACTI…": it keeps its width in a narrow cell or a flex row.
    Badge: Badge.extend({
      styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } },
    }),
    Select: Select.extend({ defaultProps: CLEAR_BUTTON }),
    MultiSelect: MultiSelect.extend({ defaultProps: CLEAR_BUTTON }),
    Autocomplete: Autocomplete.extend({ defaultProps: CLEAR_BUTTON }),
  },
});

// Dimmed text at 4.5:1 on the dark body (#242424), inputs and cards (#2e2e2e) and a tinted row
// (Mantine's #828282 was 3.5:1 on #2e2e2e); outline badges and buttons in shade 3, which keeps
// 4.5:1 on the status-tinted rows (Mantine's shade primaryShade − 4 did not).
const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-dimmed': '#a6a6a6',
    ...Object.fromEntries(
      Object.keys(t.colors).map((c) => [`--mantine-color-${c}-outline`, `var(--mantine-color-${c}-3)`]),
    ),
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="dark"
      defaultColorScheme="dark"
    >
      <QueryClientProvider client={queryClient}>
        <LoadingIndicator />
        <AlertsView />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
