import { MSG } from '@backhaul/shared';
import { formatMiles, formatMoney } from '@backhaul/shared/formats/formats';
import {
  isPpwType,
  type LoadForm,
  PPW_TYPES,
  type PpwType,
  type StopForm,
  type TripDetail,
  type TripFilters,
} from '@backhaul/shared/modules/trips/trips.contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconEye, IconPlus, IconSend, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { DateTimeField } from '../../platform/forms/date-field';
import { UploadButton } from '../../platform/forms/upload-button';
import { downloadLink, openPreview } from '../../platform/services/download';
import { findLocation } from './trips.api';

export type DialogForm = {
  truck_id: number | null;
  trailer_id: number | null;
  driver_id: number | null;
  team_driver_id: number | null;
  /** The first driver's share of each load's pay, percent (a team trip). */
  team_share: number | string;
  customer_id: number | null;
  dispatcher_id: number | null;
  notes: string;
  loads: Array<LoadForm & { key: string }>;
};

type Props = {
  form: UseFormReturnType<DialogForm>;
  index: number;
  filters: TripFilters | null;
  states: Array<{ value: string; label: string }>;
  files: TripDetail['files'];
  readOnly: boolean;
  canAddBroker: boolean;
  canDelete: boolean;
  onNewBroker: () => void;
  onDelete: () => void;
  onStopsChanged: () => void;
  onUploadPpw: (file: File, type: PpwType) => void;
  onSendPpw: () => void;
};

const options = (list: Array<{ value: number; label: string }> | undefined) =>
  (list ?? []).map((o) => ({ value: String(o.value), label: o.label }));
const idOf = (v: string | null) => (v ? Number(v) : null);

const PPW_TYPE_OPTIONS = Object.entries(PPW_TYPES).map(([value, label]) => ({ value, label }));

export const emptyStop = (type: 1 | 2): StopForm => ({ type, city: '', state: '', zip: '', address: '', at: '' });

/** One load of the trip dialog: broker and billing fields, its pickups and deliveries, miles, PPW. */
export function TripLoadCard(props: Props) {
  const { form, index } = props;
  const path = `loads.${index}`;
  // The paperwork's type is asked before its file: billing and driver pay look for the proof of delivery.
  const [ppwType, setPpwType] = useState<PpwType | null>(null);
  const load = form.getValues().loads[index];
  if (!load) return null;
  const stops = load.stops ?? [];
  const loaded = Number(load.mileage_loaded ?? 0);
  const empty = Number(load.mileage_empty ?? 0);
  const total = loaded + empty;
  const gross = Number(load.gross ?? 0);
  const ppwFiles = props.files.filter((f) => f.load_id === load.load_id);

  // A zip fills city and state from the cities table (000 §3 Location).
  const lookupZip = async (stopIndex: number, zip: string) => {
    if (!/^\d{5}$/.test(zip)) return;
    try {
      const loc = await findLocation({ zip });
      form.setFieldValue(`${path}.stops.${stopIndex}.city`, loc.city);
      form.setFieldValue(`${path}.stops.${stopIndex}.state`, loc.state);
      form.setFieldValue(`${path}.stops.${stopIndex}.city_id`, loc.city_id);
      props.onStopsChanged();
    } catch {
      showAlert('error', MSG.whoops);
    }
  };

  const stopRow = (stop: StopForm, stopIndex: number) => (
    <Group key={stopIndex} gap="xs" align="flex-start" wrap="nowrap" data-testid={`stop-${index}-${stopIndex}`}>
      <Badge w={84} mt={8} variant="light" color={stop.type === 1 ? 'teal' : 'orange'}>
        {stop.type === 1 ? 'Pick up' : 'Delivery'}
      </Badge>
      <TextInput
        w={90}
        placeholder="Zip"
        disabled={props.readOnly}
        data-testid={`stop-zip-${index}-${stopIndex}`}
        {...form.getInputProps(`${path}.stops.${stopIndex}.zip`)}
        onBlur={(e) => lookupZip(stopIndex, e.currentTarget.value.trim())}
      />
      <TextInput
        flex={1}
        placeholder="City"
        disabled={props.readOnly}
        data-testid={`stop-city-${index}-${stopIndex}`}
        {...form.getInputProps(`${path}.stops.${stopIndex}.city`)}
        onBlur={props.onStopsChanged}
      />
      <Select
        w={80}
        placeholder="ST"
        searchable
        data={props.states}
        disabled={props.readOnly}
        data-testid={`stop-state-${index}-${stopIndex}`}
        {...form.getInputProps(`${path}.stops.${stopIndex}.state`)}
        onChange={(v) => {
          form.setFieldValue(`${path}.stops.${stopIndex}.state`, v ?? '');
          props.onStopsChanged();
        }}
      />
      <DateTimeField
        w={190}
        disabled={props.readOnly}
        data-testid={`stop-at-${index}-${stopIndex}`}
        {...form.getInputProps(`${path}.stops.${stopIndex}.at`)}
      />
      {!props.readOnly && (
        <ActionIcon
          mt={6}
          variant="subtle"
          color="red"
          aria-label="Remove stop"
          onClick={() => {
            form.removeListItem(`${path}.stops`, stopIndex);
            props.onStopsChanged();
          }}
        >
          <IconTrash size={15} />
        </ActionIcon>
      )}
    </Group>
  );

  return (
    <Paper withBorder p="sm" radius="md" data-testid={`load-card-${index}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Load {index + 1}
          {load.load_id ? ` · #${load.load_id}` : ' · new'}
          {load.ai_status ? (
            <Badge ml="xs" size="xs" color="grape" variant="light">
              filled from rate confirmation: review
            </Badge>
          ) : null}
        </Text>
        {props.canDelete && !props.readOnly && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={13} />}
            onClick={props.onDelete}
          >
            Delete load
          </Button>
        )}
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          flex={2}
          label="Broker"
          searchable
          clearable
          data={options(props.filters?.brokers)}
          disabled={props.readOnly}
          data-testid={`load-broker-${index}`}
          value={load.broker_id ? String(load.broker_id) : null}
          onChange={(v) => form.setFieldValue(`${path}.broker_id`, idOf(v))}
          error={form.errors[`${path}.broker_id`]}
        />
        {props.canAddBroker && !props.readOnly && (
          <Tooltip label="New broker">
            <ActionIcon
              size="lg"
              variant="light"
              aria-label="New broker"
              onClick={props.onNewBroker}
              data-testid="new-broker"
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <TextInput
          flex={1}
          label="Broker #"
          disabled={props.readOnly}
          {...form.getInputProps(`${path}.broker_number`)}
        />
        <TextInput flex={1} label="BOL" disabled={props.readOnly} {...form.getInputProps(`${path}.bol`)} />
        <NumberInput
          w={120}
          label="Gross"
          prefix="$"
          decimalScale={2}
          min={0}
          withAsterisk
          disabled={props.readOnly}
          data-testid={`load-gross-${index}`}
          {...form.getInputProps(`${path}.gross`)}
        />
        {/* Pass-through charges inside the gross: a percentage driver is paid on the rest. */}
        <NumberInput
          w={110}
          label="Lumper"
          prefix="$"
          decimalScale={2}
          min={0}
          disabled={props.readOnly}
          data-testid={`load-lumper-${index}`}
          {...form.getInputProps(`${path}.lumper`)}
        />
        <NumberInput
          w={120}
          label="Fuel surcharge"
          prefix="$"
          decimalScale={2}
          min={0}
          disabled={props.readOnly}
          data-testid={`load-fuel_surcharge-${index}`}
          {...form.getInputProps(`${path}.fuel_surcharge`)}
        />
        <Checkbox
          mb={8}
          label="Factoring"
          disabled={props.readOnly}
          {...form.getInputProps(`${path}.factoring`, { type: 'checkbox' })}
        />
      </Group>
      <Stack gap={6} mt="sm">
        {stops.map(stopRow)}
        {form.errors[`${path}.stops`] && (
          <Text size="xs" c="red">
            {form.errors[`${path}.stops`]}
          </Text>
        )}
        {!props.readOnly && (
          <Group gap="xs">
            <Button
              size="compact-xs"
              variant="light"
              color="teal"
              onClick={() =>
                form.insertListItem(`${path}.stops`, emptyStop(1), stops.filter((s) => s.type === 1).length)
              }
              data-testid={`add-pickup-${index}`}
            >
              + Pick up
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="orange"
              onClick={() => form.insertListItem(`${path}.stops`, emptyStop(2))}
              data-testid={`add-delivery-${index}`}
            >
              + Delivery
            </Button>
          </Group>
        )}
      </Stack>
      <Group gap="xs" mt="sm" align="flex-end">
        <NumberInput
          w={120}
          label="Loaded miles"
          min={0}
          disabled={props.readOnly}
          {...form.getInputProps(`${path}.mileage_loaded`)}
        />
        <NumberInput
          w={120}
          label="Empty miles"
          min={0}
          disabled={props.readOnly}
          {...form.getInputProps(`${path}.mileage_empty`)}
        />
        <Text size="sm" mb={6} data-testid={`load-miles-${index}`}>
          Total {formatMiles(total)} · RPM {total ? formatMoney(gross / total) : '—'}
        </Text>
      </Group>
      {load.load_id ? (
        <Group gap="xs" mt="sm" data-testid={`ppw-${index}`}>
          <Text size="sm" fw={500}>
            PPW
          </Text>
          {ppwFiles.length === 0 && (
            <Text size="xs" c="dimmed">
              none yet
            </Text>
          )}
          {ppwFiles.map((f) => (
            <Group key={f.id} gap={2} wrap="nowrap" data-testid="ppw-file">
              <Anchor size="xs" component="button" type="button" onClick={() => downloadLink(f.url)}>
                {f.name}
              </Anchor>
              {f.preview_url && (
                <ActionIcon
                  size="xs"
                  variant="subtle"
                  aria-label="Preview"
                  onClick={() => openPreview(f.preview_url as string)}
                >
                  <IconEye size={13} />
                </ActionIcon>
              )}
              {f.type && (
                <Badge size="xs" variant="light" color="blue" data-testid="ppw-file-type">
                  {isPpwType(f.type) ? PPW_TYPES[f.type] : f.type}
                </Badge>
              )}
              {f.status !== 'seen' && (
                <Badge size="xs" color="yellow" variant="light">
                  {f.status}
                </Badge>
              )}
            </Group>
          ))}
          {!props.readOnly && (
            <Group gap={4} wrap="nowrap">
              <Select
                size="xs"
                w={170}
                placeholder="Paperwork type"
                aria-label="Paperwork type"
                data={PPW_TYPE_OPTIONS}
                value={ppwType}
                onChange={(v) => setPpwType(v && isPpwType(v) ? v : null)}
                data-testid={`ppw-type-${index}`}
              />
              <UploadButton onFile={(file) => ppwType && props.onUploadPpw(file, ppwType)}>
                {(p) => (
                  <Button
                    {...p}
                    size="compact-xs"
                    variant="light"
                    disabled={ppwType === null}
                    leftSection={<IconUpload size={13} />}
                    data-testid={`ppw-upload-${index}`}
                  >
                    Upload PPW
                  </Button>
                )}
              </UploadButton>
            </Group>
          )}
          {ppwFiles.length > 0 && (
            <Button size="compact-xs" variant="subtle" leftSection={<IconSend size={13} />} onClick={props.onSendPpw}>
              Send PPW
            </Button>
          )}
        </Group>
      ) : (
        <Text size="xs" c="dimmed" mt="sm">
          PPW files can be attached once the load is saved.
        </Text>
      )}
    </Paper>
  );
}
