import { ACTION, MessageBodySchema, SECTION } from '@backhaul/shared';
import { formatNumber, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  AssignProgramAnswerSchema,
  type ProgramAssignment,
  ProgramAssignmentsSchema,
  SERVICE_PROGRAMS_BASE,
  SERVICE_UNIT_KINDS,
  type ServiceUnitKind,
} from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DateField } from '../../platform/forms/date-field';
import { ConfirmDialog } from '../../platform/record/confirm-dialog';

const KEY = ['service-programs', 'assignments'] as const;

/** Which unit follows which program: assign one (counting from a start date and the unit's odometer), or take it off. */
export function ProgramUnitsTab() {
  const tree = usePermissionTree();
  const canEdit = allowsButton(tree, { section: SECTION.WorkOrders, ids: [ACTION.EDIT] });
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: KEY,
    queryFn: () => api.get(`${SERVICE_PROGRAMS_BASE}/assignments`, { schema: ProgramAssignmentsSchema }),
  });
  const [programId, setProgramId] = useState<string | null>(null);
  const [unitType, setUnitType] = useState<ServiceUnitKind>('truck');
  const [unitId, setUnitId] = useState<string | null>(null);
  const [start, setStart] = useState(nowInCompanyTimeZone().date);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<ProgramAssignment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['service-programs'] });
  const units = (unitType === 'truck' ? data?.trucks : data?.trailers) ?? [];

  const assign = async () => {
    if (!programId || !unitId) return;
    setBusy(true);
    try {
      const done = await api.post(
        `${SERVICE_PROGRAMS_BASE}/${programId}/units`,
        { unit_type: unitType, unit_id: Number(unitId), start_date: start },
        { schema: AssignProgramAnswerSchema },
      );
      showAlert('success', done.message);
      setUnitId(null);
      await refresh();
    } catch {
      // The api client shows the server's message; the choices stay.
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!removing) return;
    const done = await api.delete(`${SERVICE_PROGRAMS_BASE}/assignments/${removing.id}`, { schema: MessageBodySchema });
    showAlert('success', done.message);
    setRemoving(null);
    await refresh();
  };

  return (
    <Stack gap="sm" data-testid="program-units">
      <Title order={2}>Units in programs</Title>
      {canEdit && (
        <Paper withBorder p="sm" radius="sm">
          <Group align="flex-end" gap="sm">
            <Select
              label="Program"
              data={(data?.programs ?? []).map((p) => ({ value: String(p.value), label: p.label }))}
              value={programId}
              onChange={setProgramId}
              w={240}
              searchable
            />
            <SegmentedControl
              value={unitType}
              onChange={(v) => {
                setUnitType(v as ServiceUnitKind);
                setUnitId(null);
              }}
              data={Object.entries(SERVICE_UNIT_KINDS).map(([value, label]) => ({ value, label }))}
            />
            <Select
              label={SERVICE_UNIT_KINDS[unitType]}
              data={units.map((u) => ({ value: String(u.value), label: u.label }))}
              value={unitId}
              onChange={setUnitId}
              w={200}
              searchable
            />
            <DateField label="Counting from" value={start} onChange={setStart} w={170} />
            <Button onClick={assign} loading={busy} disabled={!programId || !unitId || !start}>
              Assign
            </Button>
          </Group>
        </Paper>
      )}
      {isLoading ? (
        <Stack gap={6}>
          {[0, 1, 2].map((k) => (
            <Skeleton key={k} h={30} />
          ))}
        </Stack>
      ) : !data?.assignments.length ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No unit follows a program yet: assign one above.
        </Text>
      ) : (
        <Table striped highlightOnHover withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Program</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Counting from</Table.Th>
              <Table.Th ta="right">Odometer then</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.assignments.map((a) => (
              <Table.Tr key={a.id} data-testid="assignment-row">
                <Table.Td>{a.program}</Table.Td>
                <Table.Td>{a.unit}</Table.Td>
                <Table.Td>{a.start_date}</Table.Td>
                <Table.Td ta="right">
                  {a.start_odometer === null ? '—' : `${formatNumber(a.start_odometer)} mi`}
                </Table.Td>
                <Table.Td w={50}>
                  {canEdit && (
                    <Tooltip label="Take the unit off the program">
                      <ActionIcon variant="subtle" color="red" aria-label="Take off" onClick={() => setRemoving(a)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Take off the program"
        confirmLabel="Take off"
        message={removing ? `${removing.unit} leaves ${removing.program}; its completed work orders stay.` : ''}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
