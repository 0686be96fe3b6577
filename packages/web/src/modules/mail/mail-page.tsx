import { formatDateTime } from '@backhaul/shared/formats/formats';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { QueryState } from '../../platform/query-state';
import { downloadLink } from '../../platform/services/download';
import { JobProgress } from '../../platform/services/job-progress';
import { fetchOutbox, type MailRow, mailKey, retryAllFailed, retryMail, sendTestMail } from './mail.api';

const STATUS_COLOR: Record<string, string> = { sent: 'green', failed: 'red', outbox: 'gray', queued: 'blue' };

/** Settings → Mail: the mail log (the outbox when no SMTP is set), retries and a test mail. */
export function MailPage() {
  const client = useQueryClient();
  const outbox = useQuery({ queryKey: mailKey, queryFn: fetchOutbox });
  const refresh = () => client.invalidateQueries({ queryKey: mailKey });
  const [open, setOpen] = useState<MailRow | null>(null);
  const [to, setTo] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const retry = useMutation({ mutationFn: retryMail, onSettled: refresh });
  const test = useMutation({
    mutationFn: sendTestMail,
    onSuccess: (r) => showAlert(r.status === 'failed' ? 'error' : 'success', r.error ?? `Test mail ${r.status}.`),
    onSettled: refresh,
  });
  const retryAll = useMutation({ mutationFn: retryAllFailed, onSuccess: (r) => setJobId(r.job_id) });

  return (
    <Stack gap="md" data-testid="mail-page">
      <Title order={1}>Mail</Title>
      <QueryState query={outbox}>
        {({ rows, smtp }) => (
          <>
            {!smtp && (
              <Alert color="yellow" variant="light" title="Outbox">
                No SMTP server is configured (SMTP_URL): messages stay here instead of being sent.
              </Alert>
            )}
            <Group align="end">
              <TextInput
                label="Send a test mail to"
                placeholder="name@example.com"
                value={to}
                onChange={(e) => setTo(e.currentTarget.value)}
              />
              <Button onClick={() => test.mutate(to)} loading={test.isPending} disabled={!to.includes('@')}>
                Send test mail
              </Button>
              {smtp && rows.some((r) => r.status === 'failed') && (
                <Button variant="light" color="red" onClick={() => retryAll.mutate()} loading={retryAll.isPending}>
                  Retry all failed
                </Button>
              )}
            </Group>
            {jobId && <JobProgress jobId={jobId} label="Retrying failed messages" onCompleted={refresh} />}
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {['Date', 'To', 'Subject', 'Template', 'Status', 'Attempts', 'Error', ''].map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
                    <Table.Td>{r.to}</Table.Td>
                    <Table.Td>
                      <Anchor component="button" onClick={() => setOpen(r)}>
                        {r.subject}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r.template}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[r.status] ?? 'gray'}>{r.status}</Badge>
                    </Table.Td>
                    <Table.Td>{r.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="red" lineClamp={2}>
                        {r.error}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {smtp && r.status === 'failed' && (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => retry.mutate(r.id)}
                          loading={retry.isPending && retry.variables === r.id}
                        >
                          Retry
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </QueryState>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="lg">
        {open && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              To {open.to} · {open.status}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{open.text}</Text>
            {open.attachments.map((a) => (
              <Anchor
                key={a.filename}
                component="button"
                onClick={() => a.url && downloadLink(a.url)}
                disabled={!a.url}
              >
                {a.filename} ({Math.ceil(a.size / 1024)} KB)
              </Anchor>
            ))}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
