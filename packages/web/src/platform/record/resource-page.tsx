import { type RecordRoutes, recordRoutes } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import { formFields } from '@backhaul/shared/forms/fields';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import type { z } from 'zod';
import { DataTable, type Row } from '../data-table/data-table';
import { RegistryPage, useRegistryActions } from '../data-table/use-registry-actions';
import { recordApi } from './record-api';
import { RecordDialog } from './record-dialog';

/**
 * A small list's whole page from its contract (the web half of `defineResource`): the list at
 * `base/list`, Create / Edit (or a read-only View) / Delete by permission, and a dialog built from
 * the form schema. `actions` names the action each button needs where the section offers others.
 */
export function ResourcePage(props: {
  title: string;
  noun: string;
  base: `/${string}`;
  listKey: string;
  schema: z.ZodType;
  section: number;
  actions?: Parameters<typeof useRegistryActions>[0]['actions'];
  /** The record's calls where they are not the usual six under `base` (e.g. no GET …/create). */
  routes?: RecordRoutes;
}) {
  const api = useMemo(
    () => recordApi({ name: props.listKey, routes: props.routes ?? recordRoutes(props.base) }),
    [props.listKey, props.base, props.routes],
  );
  const fields = useMemo(() => formFields(props.schema), [props.schema]);
  const empty = useMemo(() => Object.fromEntries(fields.map((f) => [f.name, f.empty ?? ''])), [fields]);
  // Phones are stored as digits and shown as the spec writes them; a select with fixed options shows its label.
  const cells = Object.fromEntries([
    ...fields
      .filter((f) => f.kind === 'phone')
      .map((f) => [f.name, (r: Row) => <Text size="sm">{formatPhone(r[f.name] as string | null)}</Text>]),
    ...fields.flatMap((f) => {
      if (f.kind !== 'select' || !Array.isArray(f.options)) return [];
      const labels = new Map(f.options.map((o) => [String(o.value), o.label]));
      return [[f.name, (r: Row) => <Text size="sm">{labels.get(String(r[f.name])) ?? String(r[f.name] ?? '')}</Text>]];
    }),
  ]);
  const registry = useRegistryActions<Row & { id: number }>({
    section: props.section,
    rowId: (r) => r.id,
    deleteUrl: api.deleteUrl,
    describe: (id) => `${props.noun} #${id}`,
    deleteMessages: 'server',
    ...(props.actions ? { actions: props.actions } : {}),
  });
  const noun = props.noun.charAt(0).toUpperCase() + props.noun.slice(1);
  return (
    <RegistryPage testId={`${props.listKey}-page`} title={props.title}>
      <DataTable<Row & { id: number }>
        url={`${props.base}/list`}
        listKey={props.listKey}
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        actions={registry.actions}
        cells={cells}
      />
      <RecordDialog
        api={api}
        schema={props.schema}
        empty={empty}
        recordOf={(d) => d.item}
        title={{ create: `New ${props.noun}`, edit: `Edit ${props.noun}`, view: noun }}
        section={props.section}
        {...registry.dialog}
      />
      {registry.dialogs}
    </RegistryPage>
  );
}
