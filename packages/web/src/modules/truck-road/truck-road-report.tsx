import { formatDateTime } from '@backhaul/shared/formats/formats';
import { DRIVE_TYPES } from '@backhaul/shared/modules/truck-road/truck-road.contract';
import { Alert, Badge, Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { truckRoadApi } from './truck-road.api';

/** The day's report as its mail's signed link opens it: read-only, no session, until the link expires. */
export function TruckRoadReportView(props: { company: string; date: string; expires: string; signature: string }) {
  const report = useQuery({
    queryKey: ['truck-road-report', props],
    queryFn: () => truckRoadApi.report(props.company, props.date, props.expires, props.signature),
    retry: false,
  });
  if (report.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!report.data)
    return (
      <Alert color="red" title="This link is not valid" data-testid="report-link-refused">
        The link is invalid or has expired. Ask for a new report, or sign in.
      </Alert>
    );
  const r = report.data;
  return (
    <Stack gap="sm" p="lg" data-testid="truck-road-report">
      <Title order={2}>Trucks on the road — {r.date}</Title>
      <Text size="sm" c="dimmed">
        {r.company} · {r.rows.length} trucks{r.expires_at ? ` · link valid until ${formatDateTime(r.expires_at)}` : ''}
      </Text>
      <Paper withBorder>
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              {['Truck', 'Driver', 'Drive type', 'Location', 'Status', 'Approved'].map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.truck}</Table.Td>
                <Table.Td>{row.driver}</Table.Td>
                <Table.Td>{DRIVE_TYPES[row.drive_type_id as keyof typeof DRIVE_TYPES]}</Table.Td>
                <Table.Td>{row.location}</Table.Td>
                <Table.Td>
                  {row.out_of_service ? (
                    <Badge color="red" variant="light">{`Out of service${row.reason ? `: ${row.reason}` : ''}`}</Badge>
                  ) : (
                    <Badge color="teal" variant="light">
                      Running
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {[row.dispatcher_approved && 'Dispatch', row.shop_approved && 'Shop'].filter(Boolean).join(', ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
