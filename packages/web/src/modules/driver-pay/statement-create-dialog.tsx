import {
  type StatementCreateOptions,
  StatementCreateOptionsSchema,
  StatementEditSchema,
  type StatementPeriod,
  StatementPeriodSchema,
  type StatementSaved,
  StatementSavedSchema,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../platform/api-client';
import { RecordDialogFooter, RecordModal } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordForm } from '../../platform/record/use-record-form';
import { statementKeys } from './driver-statements.api';

type Values = { driver_id: string; date_from: string; date_to: string };

/**
 * A new statement: the driver and the period (last week by default). It takes what the period
 * offers and preselects (delivered loads, hours, the fuel the driver bears, instalments, company
 * expenses, advances, escrow, a carried balance) that is on no other statement; the editor opens
 * next to move lines in or out and add payments.
 */
export function StatementCreateDialog(props: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const query = useQuery({
    queryKey: statementKeys.form(null),
    queryFn: () =>
      api.get<StatementCreateOptions>('/drivers-statements/create', { schema: StatementCreateOptionsSchema }),
    enabled: props.opened,
    staleTime: 0,
    gcTime: 0,
  });
  const data = query.data;
  const { form, submit, saving } = useRecordForm<Values, StatementSaved>({
    initialValues: { driver_id: '', date_from: '', date_to: '' },
    schema: StatementPeriodSchema,
    save: async (values) => {
      const period = StatementPeriodSchema.parse(values) as StatementPeriod;
      const offered = await api.post('/drivers-statements/create', period, { schema: StatementEditSchema });
      return api.post(
        '/drivers-statements',
        {
          ...period,
          trips: offered.trips_selected,
          hours: offered.hours_selected,
          fuel: offered.fuel_selected,
          scheduled_payments: offered.scheduled_payments_selected,
          additional: offered.additional_selected,
        },
        { schema: StatementSavedSchema },
      );
    },
    invalidate: statementKeys.all,
    onSaved: (saved) => {
      props.onClose();
      props.onCreated(saved.statement.id);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the options arrive
  useEffect(() => {
    if (!props.opened || !data) return;
    form.setValues({ driver_id: '', date_from: data.date_from, date_to: data.date_to });
    form.clearErrors();
  }, [props.opened, data]);

  return (
    <RecordModal
      opened={props.opened}
      onClose={props.onClose}
      title="New driver statement"
      loading={props.opened && !data}
    >
      <form onSubmit={submit} noValidate data-testid="statement-create">
        <RecordFields schema={StatementPeriodSchema} form={form} data={data} cols={2} />
        <Text size="xs" c="dimmed" mt="xs">
          The statement takes the driver's delivered loads and hours of the period, the fuel the driver bears, scheduled
          payments, company expenses, cash advances, escrow and any balance carried from an earlier week that are on no
          other statement; you can move them in or out before closing it.
        </Text>
        <RecordDialogFooter onClose={props.onClose} loading={saving} />
      </form>
    </RecordModal>
  );
}
