import { SYSTEM_STATUS_URL, SystemStatusSchema } from '@backhaul/shared/http/system-status';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../platform/api-client';
import { QueryState } from '../../platform/query-state';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '—');

function Figure({ label, value, warn = false }: { label: string; value: ReactNode; warn?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={warn ? 'red' : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/** The last failures of one kind, one line each, or a line saying there are none. */
function FailureList({ title, none, lines }: { title: string; none: string; lines: string[] }) {
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        {title}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      ) : (
        lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one answer, never reordered
          <Text size="sm" key={i}>
            {line}
          </Text>
        ))
      )}
    </Card>
  );
}

/**
 * /test, the internal page of 000 §2: the health of this installation for its administrators —
 * release, database, migrations, job queue, mail outbox and this process's last internal errors.
 */
export function TestPage() {
  const query = useQuery({
    queryKey: ['system', 'status'],
    queryFn: () => api.get(SYSTEM_STATUS_URL, { schema: SystemStatusSchema }),
    refetchInterval: 30_000,
  });
  return (
    <Stack gap="md" data-testid="test-page">
      <Group justify="space-between">
        <Title order={1}>System status</Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Refresh
        </Button>
      </Group>
      <QueryState query={query}>
        {(s) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md">
              <Card withBorder data-testid="status-version">
                <Title order={4} mb="xs">
                  Version
                </Title>
                <Figure label="Release" value={s.version.release ?? '—'} />
                <Figure label="Released" value={when(s.version.released_at)} />
                <Figure label="Node" value={s.process.node} />
                <Figure label="Up for" value={`${Math.floor(s.process.uptime_s / 60)} min`} />
                <Figure label="Memory" value={`${s.process.rss_mb} MB`} />
              </Card>
              <Card withBorder data-testid="status-database">
                <Title order={4} mb="xs">
                  Database
                </Title>
                <Figure label="Kind" value={s.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} />
                <Figure label="Server version" value={s.database.server_version} />
                <Figure
                  label="Migrations applied"
                  value={`${s.migrations.applied} of ${s.migrations.known}`}
                  warn={s.migrations.applied !== s.migrations.known}
                />
                <Figure label="Last migration" value={when(s.migrations.last_applied_at)} />
              </Card>
              <Card withBorder data-testid="status-jobs">
                <Title order={4} mb="xs">
                  Job queue
                </Title>
                <Figure label="Queued" value={s.jobs.queued} />
                <Figure label="Running" value={s.jobs.running} />
                <Figure label="Failed" value={s.jobs.failed} warn={s.jobs.failed > 0} />
              </Card>
              <Card withBorder data-testid="status-mail">
                <Title order={4} mb="xs">
                  Mail
                </Title>
                <Figure label="Outbox (no SMTP)" value={s.mail.outbox} />
                <Figure label="Queued" value={s.mail.queued} />
                <Figure label="Sent today" value={s.mail.sent_today} />
                <Figure label="Failed" value={s.mail.failed} warn={s.mail.failed > 0} />
              </Card>
            </SimpleGrid>
            <Card withBorder data-testid="status-errors">
              <Group justify="space-between" mb="xs">
                <Title order={4}>Last internal errors</Title>
                <Badge color={s.errors.length ? 'red' : 'green'} variant="light">
                  {s.errors.length ? `${s.errors.length} since start` : 'None since start'}
                </Badge>
              </Group>
              {s.errors.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No request has failed inside the server since it started.
                </Text>
              ) : (
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>When</Table.Th>
                      <Table.Th>Request</Table.Th>
                      <Table.Th>Request id</Table.Th>
                      <Table.Th>Message</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.errors.map((e) => (
                      <Table.Tr key={e.request_id}>
                        <Table.Td>{when(e.at)}</Table.Td>
                        <Table.Td>
                          {e.method} {e.route ?? ''}
                        </Table.Td>
                        <Table.Td ff="monospace">{e.request_id}</Table.Td>
                        <Table.Td>{e.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <FailureList
                title="Recent job failures"
                none="No job has failed."
                lines={s.jobs.recent_failures.map((j) => `${when(j.at)} · ${j.name}: ${j.error ?? 'no reason given'}`)}
              />
              <FailureList
                title="Recent mail failures"
                none="No message has failed."
                lines={s.mail.recent_failures.map(
                  (m) => `${when(m.at)} · ${m.to} · ${m.subject}: ${m.error ?? 'no reason given'}`,
                )}
              />
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
