import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const NOT_AVAILABLE_TEXT = 'This screen is not available yet';

/** The one page every route whose module is not built yet shows. */
export function NotAvailablePage({ title, inline = false }: { title: string; inline?: boolean }) {
  return (
    <Center py="xl" data-testid={inline ? 'not-available-part' : 'not-available'}>
      <Paper withBorder p="xl" radius="md" maw={520} w="100%">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
            {title}
          </Text>
          <Title order={2}>{NOT_AVAILABLE_TEXT}</Title>
          <Text c="dimmed">
            The {title} screen is still being built. The rest of the application works as usual.
          </Text>
          <Button component={Link} to="/" variant="light">
            Go to the home page
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
