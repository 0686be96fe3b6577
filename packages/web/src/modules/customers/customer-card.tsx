import { formatDateTime, formatMoney, formatPhone } from '@backhaul/shared/formats/formats';
import { FROZEN_LABELS } from '@backhaul/shared/modules/customers/customers.contract';
import { Anchor, Badge, Divider, Drawer, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { downloadLink } from '../../platform/services/download';
import { CustomerServiceRates } from './customer-service-rates';
import { useCustomerCard } from './customers.api';
import { FrozenBadge } from './frozen-badge';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm">{children || '—'}</Text>
  </Stack>
);

/** The customer card (GET /customers/:id): read-only details, exceptions, files and what is linked. */
export function CustomerCardDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data } = useCustomerCard(id);
  const c = data?.customer;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={c ? `${c.name} · Division ID ${c.id}` : 'Customer'}
    >
      {!data || !c ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack gap="md" data-testid="customer-card">
          <Group gap="xs">
            <FrozenBadge frozen={c.frozen} />
            {c.services_list.map((s) => (
              <Badge key={s} variant="light" size="sm">
                {s}
              </Badge>
            ))}
          </Group>
          <SimpleGrid cols={2} spacing="sm">
            <Field label="E-mail">{c.email}</Field>
            <Field label="Phone">{formatPhone(c.phone)}</Field>
            <Field label="MC / DOT">{[c.mc_number, c.dot_number].filter(Boolean).join(' / ')}</Field>
            <Field label="Address">{[c.address, c.city, c.state, c.zip].filter(Boolean).join(', ')}</Field>
            <Field label="Sale manager">{c.sale_manager}</Field>
            <Field label="Factoring company">{c.factoring_company}</Field>
            <Field label="Balance">{formatMoney(c.balance)}</Field>
            <Field label="Find us">{c.find_us}</Field>
            <Field label="Frozen">{FROZEN_LABELS[c.frozen]}</Field>
            <Field label="Created">{formatDateTime(c.created_at)}</Field>
          </SimpleGrid>
          <Group gap="lg">
            <Text size="sm">Drivers: {data.counts.drivers}</Text>
            <Text size="sm">Trucks: {data.counts.trucks}</Text>
            <Text size="sm">Trailers: {data.counts.trailers}</Text>
          </Group>
          <Divider label="Service rates" labelPosition="left" />
          <CustomerServiceRates customerId={c.id} />
          <Divider label={`Exceptions (${data.exceptions.length})`} labelPosition="left" />
          {data.exceptions.length === 0 && (
            <Text size="sm" c="dimmed">
              No exceptions.
            </Text>
          )}
          {data.exceptions.map((e) => (
            <Text key={e.id} size="sm">
              • {e.text}
            </Text>
          ))}
          <Divider label={`Files (${data.files.length})`} labelPosition="left" />
          {data.files.length === 0 && (
            <Text size="sm" c="dimmed">
              No files.
            </Text>
          )}
          {data.files.map((f) => (
            <Anchor key={f.id} size="sm" onClick={() => downloadLink(f.url)}>
              {f.name}
            </Anchor>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
