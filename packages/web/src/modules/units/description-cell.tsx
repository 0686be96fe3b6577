import type { NoteRow } from '@backhaul/shared/modules/units/units.contract';
import { Badge, HoverCard, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api-client';

/** The notes counter of a row (001 §3 "description"); hovering shows the notes behind it. */
export function DescriptionCell(props: { prefix: '/trucks' | '/trailers'; id: number; count: number }) {
  const [opened, setOpened] = useState(false);
  const query = useQuery({
    queryKey: ['unit-description', props.prefix, props.id],
    queryFn: () =>
      api.get<{ description: number; list: NoteRow[] }>(`${props.prefix}/description/${props.id}`, {
        background: true,
      }),
    enabled: opened,
  });
  if (!props.count) return null;
  return (
    <HoverCard width={320} openDelay={250} onOpen={() => setOpened(true)} withinPortal>
      <HoverCard.Target>
        {/* A button, so the hover card's aria-expanded sits on a control and the keyboard reaches it. */}
        <Badge
          component="button"
          type="button"
          size="sm"
          variant="outline"
          style={{ cursor: 'default' }}
          aria-label={`${props.count} ${props.count === 1 ? 'note' : 'notes'}`}
          data-testid="description-count"
        >
          {props.count}
        </Badge>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        {!query.data ? (
          <Loader size="xs" />
        ) : (
          <Stack gap={6}>
            {query.data.list.slice(0, 5).map((n) => (
              <Text key={n.id} size="xs" lineClamp={3}>
                {n.notes}
              </Text>
            ))}
            {query.data.description > 5 && (
              <Text size="xs" c="dimmed">
                and {query.data.description - 5} more
              </Text>
            )}
          </Stack>
        )}
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
