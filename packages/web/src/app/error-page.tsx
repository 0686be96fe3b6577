import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Unknown paths and routes the guard refuses (000 §2). */
export function ErrorPage() {
  return (
    <Center mih="60vh" p="xl" data-testid="error-page">
      <Stack align="center" gap="sm">
        <Title order={1} c="red.5">
          Error
        </Title>
        <Text size="lg">This page does not exist, or you do not have access to it.</Text>
        <Button component={Link} to="/" variant="light">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
