import { ACTION, SECTION } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../platform/data-table/data-table';
import { downloadLink } from '../../platform/data-table/download';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { dispatcherStatementKeys, dispatcherStatementsApi } from './dispatcher-statements.api';

/** A statement's loads (POST /dispatcher/statement/:id/list) with its totals and Export (72). */
export function DispatcherStatementLoads(props: { id: number | null; onClose: () => void }) {
  const { id } = props;
  const tree = usePermissionTree();
  const canExport = allowsButton(tree, { section: SECTION.DispatchersStatements, ids: [ACTION.EXPORT] });
  const statement = useQuery({
    queryKey: dispatcherStatementKeys.record(id),
    queryFn: () => dispatcherStatementsApi.get(id as number),
    enabled: id !== null,
  });
  const exporting = useMutation({
    mutationFn: async () => {
      const answer = await dispatcherStatementsApi.exportLoads(id as number);
      if (answer.data) await downloadLink(answer.data);
    },
  });
  const s = statement.data?.statement;
  return (
    <Modal
      opened={id !== null}
      onClose={props.onClose}
      size="80rem"
      title={s ? `Statement #${s.id}: ${s.dispatcher_name}, ${s.date}` : 'Statement'}
      centered
    >
      {id !== null && (
        <Stack gap="sm" data-testid="dispatcher-statement-loads">
          {s && (
            <Group gap="lg">
              <Text size="sm">
                Loads <b>{s.count_load}</b>
              </Text>
              <Text size="sm">
                Gross <b>{formatMoney(s.gross)}</b>
              </Text>
              <Badge variant="light">Rate {s.dispatcher_rate} %</Badge>
              <Text size="sm" data-testid="statement-amount">
                Amount <b>{formatMoney(s.amount)}</b>
              </Text>
              {canExport && (
                <Button
                  ml="auto"
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  loading={exporting.isPending}
                  onClick={() => exporting.mutate()}
                >
                  Export loads
                </Button>
              )}
            </Group>
          )}
          <DataTable
            url={`/dispatcher/statement/${id}/list`}
            listKey="dispatcher-statement-loads"
            urlPrefix="l"
            rowId={(r) => Number(r.load_id)}
            height="55vh"
          />
        </Stack>
      )}
    </Modal>
  );
}
