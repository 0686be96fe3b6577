import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the public pages: brand, title and a card. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" bg="dark.8">
      <Stack w="100%" maw={420} gap="lg">
        <Group justify="center" gap="xs">
          <Box w={14} h={14} bg="teal.5" style={{ borderRadius: 3 }} />
          <Anchor component={Link} to="/auth" underline="never" c="gray.0" fw={700} fz="xl">
            Backhaul
          </Anchor>
        </Group>
        <Paper withBorder shadow="md" p="xl" radius="md">
          <Stack gap="md">
            <div>
              <Title order={2}>{title}</Title>
              {subtitle ? (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              ) : null}
            </div>
            {children}
          </Stack>
        </Paper>
        {footer ? <Center>{footer}</Center> : null}
      </Stack>
    </Center>
  );
}
