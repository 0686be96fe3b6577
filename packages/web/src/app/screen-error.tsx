import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useRouteError } from 'react-router';

/**
 * A screen that throws while rendering, or whose code cannot be downloaded (a new release replaced
 * the chunks), shows this inside the layout instead of taking the whole app down.
 */
export function ScreenError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Center py="xl" data-testid="screen-error">
      <Stack maw={560} w="100%">
        <Alert color="red" variant="light" title="This screen could not be shown">
          <Text size="sm">{message}</Text>
        </Alert>
        <Button variant="light" onClick={() => window.location.reload()} w="fit-content">
          Reload the page
        </Button>
      </Stack>
    </Center>
  );
}
