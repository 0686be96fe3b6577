import { formatMoney } from '@backhaul/shared/formats/formats';
import { TODAY_URL, TodayPanelSchema, type TodaySection } from '@backhaul/shared/modules/account/today.contract';
import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../platform/api-client';
import { recordPath } from '../../platform/links';

const TONE = { red: 'red', yellow: 'yellow', default: undefined } as const;

function SectionCard({ section }: { section: TodaySection }) {
  const more = section.count - section.lines.length;
  return (
    <Card withBorder padding="sm" data-testid={`today-${section.key}`}>
      <Group justify="space-between" mb={6} wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {section.title}
        </Text>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {section.amount !== null && section.count > 0 ? (
            <Text size="sm" fw={600} data-testid="today-amount">
              {formatMoney(section.amount)}
            </Text>
          ) : null}
          <Badge variant="light" color={section.count ? 'teal' : 'gray'} data-testid="today-count">
            {section.count}
          </Badge>
        </Group>
      </Group>
      {section.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {section.empty}
        </Text>
      ) : (
        <Stack gap={4}>
          {section.lines.map((l) => (
            <div key={`${l.kind}-${l.id}-${l.label}`}>
              <Anchor component={Link} to={recordPath(l.kind, l.id, l.trip_id)} size="sm" data-testid="today-line">
                {l.label}
              </Anchor>
              <Text size="xs" c={TONE[l.tone] ?? 'dimmed'}>
                {l.detail}
              </Text>
            </div>
          ))}
          {more > 0 ? (
            <Text size="xs" c="dimmed">
              and {more} more
            </Text>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}

/**
 * The top of /account: today for the caller's work (GET /account/today) — loads, invoices and
 * payments, expiring documents, the shop's arrivals and open orders, as the caller's grants allow.
 * Each line opens its record.
 */
export function TodayPanel() {
  const query = useQuery({
    queryKey: ['account', 'today'],
    queryFn: () => api.get(TODAY_URL, { schema: TodayPanelSchema, background: true }),
    staleTime: 30_000,
  });
  if (query.isPending)
    return <Skeleton h={120} radius="md" data-testid="today-loading" aria-label="Loading today's work" />;
  if (!query.data || query.data.sections.length === 0) return null;
  return (
    <Stack gap={6} data-testid="today-panel">
      <Title order={3}>Today, {query.data.date}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: Math.min(4, query.data.sections.length) }} spacing="sm">
        {query.data.sections.map((s) => (
          <SectionCard key={s.key} section={s} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
