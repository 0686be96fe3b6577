import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const NOT_AVAILABLE_TEXT = 'This screen is not available yet';

/**
 * The one page every route whose module is not built yet shows. `inline` is the same notice
 * inside a built screen (an account tab), without the way home.
 */
export function NotAvailablePage({ title, inline = false }: { title: string; inline?: boolean }) {
  return (
    <Center py={inline ? 'md' : 'xl'} data-testid={inline ? 'not-available-part' : 'not-available'}>
      <Paper withBorder p={inline ? 'lg' : 'xl'} radius="md" maw={520} w="100%">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
            {title}
          </Text>
          <Title order={inline ? 4 : 2}>{NOT_AVAILABLE_TEXT}</Title>
          <Text c="dimmed" size={inline ? 'sm' : 'md'}>
            The {title} screen is still being built. The rest of the application works as usual.
          </Text>
          {inline ? null : (
            <Button component={Link} to="/" variant="light">
              Go to the home page
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
