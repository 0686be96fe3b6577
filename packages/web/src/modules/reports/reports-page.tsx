import { ACTION, SECTION } from '@backhaul/shared';
import {
  REPORT_KINDS,
  type ReportCreateBody,
  ReportCreateBodySchema,
  type ReportKind,
  type ReportRow,
  ReportSendBodySchema,
} from '@backhaul/shared/modules/reports/reports.contract';
import { Autocomplete, Badge, Button, Group, Modal, MultiSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { webHeaders } from '../../platform/api-client';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DateField } from '../../platform/forms/date-field';
import { RecordDialogFooter } from '../../platform/record/record-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';
import { createReports, loadReportOptions, REPORT_PATHS, reportsKeys, sendReport } from './reports.api';

const STATUS_COLOR: Record<string, string> = { sent: 'teal', created: 'blue', failed: 'red', creating: 'yellow' };
const KINDS = Object.keys(REPORT_KINDS) as ReportKind[];

/** Reports (/reportsOld): customer, safety and billing reports; create for customers, send by e-mail. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const kind = (params.get('kind') as ReportKind | null) ?? 'safety';
  return (
    <Stack gap="sm" data-testid="reports-page">
      <Title order={2}>Reports</Title>
      <Tabs value={kind} onChange={(v) => setParams({ kind: v ?? 'safety' })} keepMounted={false}>
        <Tabs.List>
          {KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {REPORT_KINDS[k]}s
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {KINDS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="sm">
            <ReportsPanel kind={k} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ReportsPanel({ kind }: { kind: ReportKind }) {
  const tree = usePermissionTree();
  const [creating, setCreating] = useState(false);
  const [sending, setSending] = useState<ReportRow | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((k) => k + 1);
  const canCreate = allowsButton(tree, { section: SECTION.Reports, ids: [ACTION.CREATE] });
  return (
    <>
      <DataTable<ReportRow>
        url={`${REPORT_PATHS[kind].base}/list`}
        listKey={kind === 'old' ? 'reports' : `reports-${kind}`}
        urlPrefix={kind}
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={canCreate ? { create: () => setCreating(true) } : {}}
        cells={{
          status: (r) => (
            <Badge size="sm" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
              {r.pending ? 'pending' : r.status}
            </Badge>
          ),
        }}
        actions={[
          {
            id: 'send',
            label: 'Send',
            icon: <IconSend size={16} />,
            primary: true,
            permission: { section: SECTION.Reports, ids: [ACTION.SEND] },
            visible: (r) => !r.pending,
            onClick: setSending,
          },
          {
            id: 'download',
            label: 'Download',
            icon: <IconDownload size={16} />,
            visible: (r) => r.file_id !== null,
            onClick: (r) => download(r.file_id as number),
          },
        ]}
      />
      <CreateDialog kind={kind} opened={creating} onClose={() => setCreating(false)} onSaved={refresh} />
      <SendDialog kind={kind} report={sending} onClose={() => setSending(null)} onSaved={refresh} />
    </>
  );
}

/** Downloads a report's PDF (the session cookie and the web header authorise it). */
async function download(fileId: number) {
  const res = await fetch(`/api/files/${fileId}/download`, { headers: webHeaders(), credentials: 'same-origin' });
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `report-${fileId}.pdf`;
  a.click();
  URL.revokeObjectURL(url);
}

function CreateDialog(props: { kind: ReportKind; opened: boolean; onClose: () => void; onSaved: () => void }) {
  const options = useQuery({
    queryKey: reportsKeys.list('options'),
    queryFn: () => loadReportOptions(),
    enabled: props.opened,
  });
  const { form, submit, saving } = useRecordForm<ReportCreateBody>({
    initialValues: { customers: [], from: '', to: '' },
    schema: ReportCreateBodySchema,
    save: (values) =>
      createReports(props.kind, {
        customers: values.customers,
        ...(values.from ? { from: values.from } : {}),
        ...(values.to ? { to: values.to } : {}),
      }),
    invalidate: reportsKeys.all,
    resetOnSave: true,
    onSaved: () => {
      props.onSaved();
      props.onClose();
    },
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`New ${REPORT_KINDS[props.kind].toLowerCase()}`}
      centered
    >
      <form onSubmit={submit} noValidate data-testid="report-create">
        <Stack gap="sm">
          <MultiSelect
            label="Customers"
            searchable
            data={(options.data?.customers ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.values.customers.map(String)}
            onChange={(v) => form.setFieldValue('customers', v.map(Number))}
            error={form.errors.customers}
            data-testid="report-customers"
          />
          <Group grow>
            <DateField label="From" {...form.getInputProps('from')} />
            <DateField label="To" {...form.getInputProps('to')} />
          </Group>
          <Text size="xs" c="dimmed">
            Without dates the report covers last month. One report is made per customer.
          </Text>
        </Stack>
        <RecordDialogFooter onClose={props.onClose} loading={saving} />
      </form>
    </Modal>
  );
}

function SendDialog(props: { kind: ReportKind; report: ReportRow | null; onClose: () => void; onSaved: () => void }) {
  const { form, submit, saving } = useRecordForm({
    initialValues: { email: '' },
    schema: ReportSendBodySchema,
    save: (values) => sendReport(props.kind, props.report?.id ?? 0, values.email),
    invalidate: reportsKeys.all,
    resetOnSave: true,
    onSaved: () => {
      props.onSaved();
      props.onClose();
    },
  });
  // The report contacts of the system settings, offered as the addresses to send to.
  const options = useQuery({
    queryKey: reportsKeys.list('contacts'),
    // Quietly: a sender without the create right just types the address.
    queryFn: () => loadReportOptions({ silent: true }),
    enabled: props.report !== null,
    retry: false,
  });
  return (
    <Modal
      opened={props.report !== null}
      onClose={props.onClose}
      title={`Send report #${props.report?.id ?? ''} — ${props.report?.customer ?? ''}`}
      centered
    >
      <form onSubmit={submit} noValidate data-testid="report-send">
        <Autocomplete
          label="E-mail"
          placeholder="name@example.com"
          data={options.data?.report_contacts ?? []}
          {...form.getInputProps('email')}
          data-autofocus
          data-testid="report-send-email"
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} leftSection={<IconSend size={14} />} data-testid="report-send-submit">
            Send
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
