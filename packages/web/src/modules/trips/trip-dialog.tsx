import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { BROKER_ROUTES, BrokerFormSchema, EMPTY_BROKER_FORM } from '@backhaul/shared/modules/brokers/brokers.contract';
import { EXTRACTION_ACCEPT, type ExtractedLoad } from '@backhaul/shared/modules/extraction/extraction.contract';
import {
  type TripDetail,
  type TripFilters,
  type TripForm,
  TripFormSchema,
} from '@backhaul/shared/modules/trips/trips.contract';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconFileSearch, IconLink, IconPlus } from '@tabler/icons-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { UploadButton } from '../../platform/forms/upload-button';
import { ConfirmDialog } from '../../platform/record/confirm-dialog';
import { recordApi } from '../../platform/record/record-api';
import { RecordDialog } from '../../platform/record/record-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';
import { ExtractionReview } from '../extraction';
import { extractedLoad, newLoad, toBody, toDialogForm, zeroGrossLoads } from './trip-form';
import { type DialogForm, TripLoadCard } from './trip-load-card';
import {
  addTripNote,
  connectTrips,
  deleteLoad,
  deleteTrip,
  extractRateConfirmation,
  fetchMiles,
  loadStates,
  loadTrip,
  loadTripFilters,
  lookupLoads,
  saveTrip,
  sendPpw,
  uploadPpw,
} from './trips.api';

type Props = { tripId: number | null; opened: boolean; onClose: () => void; onSaved: () => void };

const EMPTY: DialogForm = {
  truck_id: null,
  trailer_id: null,
  driver_id: null,
  team_driver_id: null,
  team_share: 50,
  customer_id: null,
  dispatcher_id: null,
  notes: '',
  loads: [],
};

/** A new broker typed for a load (POST /broker/new, allowed with ADD_NEW_BROKER on Trips). */
const brokerApi = recordApi({ name: 'brokers', routes: BROKER_ROUTES });
const BROKER_FIELDS = ['broker', 'mc_number', 'email_address', 'local_phone'] as const;

const options = (list: Array<{ value: number; label: string }> | undefined) =>
  (list ?? []).map((o) => ({ value: String(o.value), label: o.label }));

/** The trip dialog (000 §2): unit and people, loads with stops, miles, PPW, notes and connections. */
export function TripDialog(props: Props) {
  const tree = usePermissionTree();
  const may = (id: number) => allowsButton(tree, { section: SECTION.Trips, ids: [id] });
  const readOnly = !may(ACTION.CREATE_EDIT_TRIP);
  const [trip, setTrip] = useState<TripDetail | null>(null);
  const [filters, setFilters] = useState<TripFilters | null>(null);
  const [states, setStates] = useState<Array<{ value: string; label: string }>>([]);
  const [loading, setLoading] = useState(false);
  const [brokerFor, setBrokerFor] = useState<number | null>(null);
  // The new-broker form pre-filled from a rate confirmation whose broker the registry lacks.
  const [brokerPrefill, setBrokerPrefill] = useState<Partial<typeof EMPTY_BROKER_FORM>>({});
  const [confirm, setConfirm] = useState<{ text: string; run: () => Promise<void> } | null>(null);
  const [note, setNote] = useState('');
  const [connectId, setConnectId] = useState('');
  const [connectOptions, setConnectOptions] = useState<Array<{ value: string; label: string }>>([]);
  // The connection picker looks loads up on the server (POST /filterLoads), one option per trip.
  const searchConnections = async (text: string) => {
    if (text.trim().length < 2 || connectOptions.some((o) => o.label === text)) return;
    try {
      const { loads } = await lookupLoads(text.trim());
      const byTrip = new Map<string, string>();
      for (const l of loads) {
        if (l.trip_id === props.tripId) continue;
        byTrip.set(
          String(l.trip_id),
          `Trip #${l.trip_id} · load ${l.load_id} · ${l.broker_number ?? ''} · ${l.routs ?? ''}`,
        );
      }
      setConnectOptions([...byTrip].map(([value, label]) => ({ value, label })));
    } catch {
      // the API client has shown the error
    }
  };
  // What the rate confirmation answered per new load (by form key): the review with confidences.
  const [extracted, setExtracted] = useState<Record<string, ExtractedLoad>>({});
  const { form, submit, saving } = useRecordForm({
    initialValues: EMPTY,
    schema: TripFormSchema,
    body: toBody,
    // The schema has checked the body: a TripForm now.
    save: (body) => saveTrip(props.tripId, body as TripForm),
    onSaved: () => {
      props.onSaved();
      props.onClose();
    },
  });

  // A load with a $0 gross is allowed (a deadhead move, a rate still unknown) but asked about before saving.
  const [zeroGross, setZeroGross] = useState<number[] | null>(null);
  const saveAsked = (e: React.FormEvent<HTMLFormElement>) => {
    const zero = zeroGrossLoads(form.getValues().loads);
    if (!zero.length) return submit(e);
    e.preventDefault();
    setZeroGross(zero);
  };

  const reload = async (id: number) => {
    const t = await loadTrip(id);
    setTrip(t);
    form.setValues(toDialogForm(t));
    form.resetDirty();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per opening
  useEffect(() => {
    if (!props.opened) return;
    form.clearErrors();
    setTrip(null);
    setLoading(true);
    const work = [
      loadTripFilters().then((f) => {
        setFilters(f);
        // A new trip starts with the dispatcher the system settings name (or the caller's own).
        if (!props.tripId && f.defaults.dispatcher_id !== null)
          form.setFieldValue('dispatcher_id', f.defaults.dispatcher_id);
      }),
      loadStates().then(setStates),
      props.tripId ? reload(props.tripId) : Promise.resolve(form.setValues({ ...EMPTY, loads: [newLoad()] })),
    ];
    Promise.all(work).finally(() => setLoading(false));
  }, [props.opened, props.tripId]);

  // Miles follow the stops (POST /trips/milesTrip, the mileage module); a failure keeps manual miles.
  const milesTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Routes the load's miles; `keepLoaded` keeps the loaded miles a rate confirmation states (empty miles are still routed). */
  const refreshMiles = (index: number, keepLoaded = false) => {
    if (milesTimer.current) clearTimeout(milesTimer.current);
    milesTimer.current = setTimeout(async () => {
      const load = form.getValues().loads[index];
      if (!load || load.stops.some((s) => !s.city || !s.state)) return;
      try {
        const stops = load.stops.map((st) => ({
          type: st.type,
          city: st.city,
          state: st.state,
          zip: st.zip || undefined,
        }));
        // Empty miles run from the truck's last delivery before this load's first pickup.
        const pickupAt = load.stops.find((st) => st.type === 1)?.at ?? '';
        const before = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/.test(pickupAt) ? pickupAt : null;
        const miles = await fetchMiles({ stops, truck_id: form.getValues().truck_id, before });
        if (!keepLoaded) form.setFieldValue(`loads.${index}.mileage_loaded`, miles.loaded);
        if (miles.empty) form.setFieldValue(`loads.${index}.mileage_empty`, miles.empty);
      } catch {
        showAlert('error', MSG.whoops);
      }
    }, 500);
  };

  const withTrip = async (work: (id: number) => Promise<unknown>, success?: string) => {
    if (!props.tripId) return;
    try {
      await work(props.tripId);
      if (success) showAlert('success', success);
      await reload(props.tripId);
      props.onSaved();
    } catch {
      // the API client has shown the error
    }
  };

  const values = form.getValues();
  const title = props.tripId ? `${readOnly ? 'Trip' : 'Edit trip'} #${props.tripId}` : 'New trip';
  const select = (
    name: keyof DialogForm,
    label: string,
    list: Exclude<keyof TripFilters, 'defaults'>,
    required = false,
  ) => (
    <Select
      flex={1}
      label={label}
      searchable
      clearable={!required}
      allowDeselect={!required}
      withAsterisk={required}
      data={options(filters?.[list])}
      disabled={readOnly}
      data-testid={`trip-${name}`}
      value={values[name] ? String(values[name]) : null}
      onChange={(v) => {
        form.setFieldValue(name, v ? Number(v) : null);
        // A truck brings its trailer and driver when those are still empty.
        const truck = name === 'truck_id' ? filters?.trucks.find((t) => t.value === Number(v)) : undefined;
        if (truck?.trailer_id && !form.getValues().trailer_id) form.setFieldValue('trailer_id', truck.trailer_id);
        if (truck?.driver_id && !form.getValues().driver_id) form.setFieldValue('driver_id', truck.driver_id);
      }}
      error={form.errors[name]}
    />
  );

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} size="80rem" centered>
      {loading ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <form onSubmit={saveAsked} noValidate data-testid="trip-dialog">
          <ScrollArea.Autosize mah="72vh" offsetScrollbars>
            <Stack gap="sm">
              <Group gap="xs" align="flex-start">
                {select('truck_id', 'Truck', 'trucks')}
                {select('trailer_id', 'Trailer', 'trailers')}
                {select('driver_id', 'Driver', 'drivers')}
                {select('team_driver_id', 'Team driver', 'drivers')}
                {values.team_driver_id ? (
                  <NumberInput
                    w={160}
                    label="First driver's share"
                    suffix="%"
                    decimalScale={3}
                    min={0}
                    max={100}
                    disabled={readOnly}
                    data-testid="trip-team_share"
                    {...form.getInputProps('team_share')}
                  />
                ) : null}
                {select('customer_id', 'Customer', 'customers', true)}
                {select('dispatcher_id', 'Dispatcher', 'dispatchers', true)}
              </Group>
              {form.errors.loads && (
                <Text size="xs" c="red">
                  {form.errors.loads}
                </Text>
              )}
              {values.loads.map((l, i) => (
                <Fragment key={l.key}>
                  <TripLoadCard
                    form={form}
                    index={i}
                    filters={filters}
                    states={states}
                    files={trip?.files ?? []}
                    readOnly={readOnly}
                    canAddBroker={may(ACTION.ADD_NEW_BROKER)}
                    canDelete={may(ACTION.DELETE_LOAD) && values.loads.length > 1}
                    onNewBroker={() => {
                      setBrokerPrefill({});
                      setBrokerFor(i);
                    }}
                    onStopsChanged={() => refreshMiles(i)}
                    onDelete={() => {
                      if (!l.load_id) return form.removeListItem('loads', i);
                      const id = l.load_id;
                      setConfirm({
                        text: `Delete load #${id}? This cannot be undone.`,
                        run: () => withTrip(() => deleteLoad(id), MSG.removalSuccess),
                      });
                    }}
                    onUploadPpw={(file, type) =>
                      withTrip(() => uploadPpw(l.load_id as number, file, type), MSG.savingSuccess)
                    }
                    onSendPpw={() => withTrip(() => sendPpw(l.load_id as number, ''), MSG.ppwSent)}
                  />
                  {l.ai_status === 'extracted' && extracted[l.key] ? (
                    <ExtractionReview
                      answer={extracted[l.key] as ExtractedLoad}
                      onAddBroker={
                        readOnly || l.broker_id
                          ? undefined
                          : (offer) => {
                              setBrokerPrefill(offer);
                              setBrokerFor(i);
                            }
                      }
                    />
                  ) : null}
                </Fragment>
              ))}
              {!readOnly && (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => form.insertListItem('loads', newLoad())}
                    data-testid="add-load"
                  >
                    Add load
                  </Button>
                  <UploadButton
                    accept={EXTRACTION_ACCEPT}
                    onFile={async (file) => {
                      try {
                        const answer = await extractRateConfirmation(file);
                        const load = extractedLoad(answer);
                        form.insertListItem('loads', load);
                        // The references, equipment, weight and commodity go to the trip's notes.
                        const notes = form.getValues().notes;
                        if (answer.notes && !notes.includes(answer.notes)) {
                          form.setFieldValue('notes', notes ? `${notes}\n${answer.notes}` : answer.notes);
                        }
                        setExtracted((m) => ({ ...m, [load.key]: answer }));
                        refreshMiles(form.getValues().loads.length - 1, answer.miles !== null);
                        showAlert('info', 'Review the load filled from the rate confirmation, then save.');
                      } catch {
                        // the API client has shown the error
                      }
                    }}
                  >
                    {(p) => (
                      <Button {...p} size="xs" variant="light" color="grape" leftSection={<IconFileSearch size={14} />}>
                        Fill from rate confirmation
                      </Button>
                    )}
                  </UploadButton>
                </Group>
              )}
              <Textarea label="Trip notes" autosize minRows={1} disabled={readOnly} {...form.getInputProps('notes')} />
              {trip && (
                <Group align="flex-start" gap="lg" grow>
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      Notes
                    </Text>
                    <Table withRowBorders={false} verticalSpacing={2} data-testid="trip-notes">
                      <Table.Tbody>
                        {trip.notes_rows.map((n) => (
                          <Table.Tr
                            key={n.id}
                            data-status={n.status}
                            style={{
                              background:
                                n.status === 'new' || n.status === 'edit' ? 'rgba(250, 176, 5, 0.14)' : undefined,
                            }}
                          >
                            <Table.Td>
                              <Text size="xs">{n.text}</Text>
                            </Table.Td>
                            <Table.Td w={160}>
                              <Text size="xs" c="dimmed">
                                {n.created_by} · {n.created_at}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                    {!readOnly && (
                      <Group gap="xs">
                        <TextInput
                          size="xs"
                          flex={1}
                          placeholder="Add a note"
                          value={note}
                          onChange={(e) => setNote(e.currentTarget.value)}
                        />
                        <Button
                          size="xs"
                          variant="light"
                          disabled={!note.trim()}
                          onClick={() => withTrip((id) => addTripNote(id, note)).then(() => setNote(''))}
                        >
                          Add
                        </Button>
                      </Group>
                    )}
                  </Stack>
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      Connected trips
                    </Text>
                    <Group gap={6}>
                      {trip.connections.length === 0 && (
                        <Text size="xs" c="dimmed">
                          none
                        </Text>
                      )}
                      {trip.connections.map((c) => (
                        <Badge
                          key={c.trip_id}
                          variant="light"
                          rightSection={
                            readOnly ? null : (
                              <Text
                                span
                                size="xs"
                                style={{ cursor: 'pointer' }}
                                onClick={() =>
                                  withTrip((id) =>
                                    connectTrips({ trip_id: id, connected_trip_id: c.trip_id, connect: false }),
                                  )
                                }
                              >
                                ×
                              </Text>
                            )
                          }
                        >
                          #{c.trip_id} {c.routs ?? ''}
                        </Badge>
                      ))}
                    </Group>
                    {!readOnly && (
                      <Group gap="xs">
                        <Select
                          size="xs"
                          w={320}
                          searchable
                          clearable
                          placeholder="Trip, load, broker # or BOL"
                          data={connectOptions}
                          value={connectId || null}
                          onChange={(v) => setConnectId(v ?? '')}
                          onSearchChange={searchConnections}
                          filter={({ options }) => options}
                          nothingFoundMessage="No loads found"
                          data-testid="connect-search"
                        />
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconLink size={14} />}
                          disabled={!connectId}
                          onClick={() =>
                            withTrip((id) =>
                              connectTrips({ trip_id: id, connected_trip_id: Number(connectId), connect: true }),
                            ).then(() => setConnectId(''))
                          }
                        >
                          Connect
                        </Button>
                      </Group>
                    )}
                  </Stack>
                </Group>
              )}
            </Stack>
          </ScrollArea.Autosize>
          <Group justify="space-between" mt="md">
            <div>
              {props.tripId && may(ACTION.DELETE_TRIP) && (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    setConfirm({
                      text: `Delete trip #${props.tripId} and its loads? This cannot be undone.`,
                      run: async () => {
                        try {
                          await deleteTrip(props.tripId as number);
                          showAlert('success', MSG.removalSuccess);
                          props.onSaved();
                          props.onClose();
                        } catch {
                          showAlert('error', MSG.deletionError);
                        }
                      },
                    })
                  }
                >
                  Delete trip
                </Button>
              )}
            </div>
            <Group gap="xs">
              <Button variant="default" onClick={props.onClose}>
                {readOnly ? 'Close' : 'Cancel'}
              </Button>
              {!readOnly && (
                <Button type="submit" loading={saving} data-testid="trip-save">
                  Save
                </Button>
              )}
            </Group>
          </Group>
        </form>
      )}
      <RecordDialog
        api={brokerApi}
        schema={BrokerFormSchema}
        empty={{ ...EMPTY_BROKER_FORM, ...brokerPrefill }}
        fields={BROKER_FIELDS}
        title={{ create: 'New broker', edit: 'Edit broker' }}
        id={null}
        opened={brokerFor !== null}
        onClose={() => setBrokerFor(null)}
        onSaved={() =>
          loadTripFilters().then((f) => {
            setFilters(f);
            // A broker added from a rate confirmation's offer becomes that load's broker.
            const added = brokerPrefill.broker ? f.brokers.find((b) => b.label === brokerPrefill.broker) : undefined;
            if (added && brokerFor !== null) form.setFieldValue(`loads.${brokerFor}.broker_id`, added.value);
          })
        }
      />
      <ConfirmDialog
        opened={zeroGross !== null}
        title="Gross $0"
        message={`${(zeroGross ?? []).map((n) => `Load ${n}`).join(', ')} ${
          (zeroGross ?? []).length > 1 ? 'have' : 'has'
        } a gross of $0.00. Save the trip anyway?`}
        confirmLabel="Save anyway"
        testId="confirm-zero-gross"
        onClose={() => setZeroGross(null)}
        onConfirm={() => {
          setZeroGross(null);
          submit();
        }}
      />
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Delete" centered size="sm">
        <Text size="sm" mb="md" data-testid="confirm-text">
          {confirm?.text}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            data-testid="confirm-delete"
            onClick={async () => {
              const run = confirm?.run;
              setConfirm(null);
              await run?.();
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Modal>
  );
}
