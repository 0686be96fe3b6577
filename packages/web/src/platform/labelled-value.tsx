import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure under its small dimmed label, as summaries and cards show them. */
export function LabelledValue(props: { label: string; value: ReactNode; testId?: string | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={500} data-testid={props.testId}>
        {props.value}
      </Text>
    </Stack>
  );
}
