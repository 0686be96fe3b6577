import { ATTENDANCE_EXPORT_URL } from '@backhaul/shared/modules/account/attendance.contract';
import { Anchor, Badge, Box, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { DataTable } from '../../platform/data-table/data-table';
import { downloadLink } from '../../platform/data-table/download';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';

type Person = { id: number; name: string; at_work: string; check_in: string | null };
const AT_WORK_COLOR: Record<string, string> = { In: 'green', Left: 'gray', 'Not in': 'yellow' };

/**
 * Account → Users: the staff directory; a name opens the user page only with Account users (91),
 * who may also download the month's attendance for payroll (the month the calendar above shows).
 */
export function UsersTab({ month }: { month: string }) {
  const tree = usePermissionTree();
  const navigate = useNavigate();
  const mayOpen = allowsButton(tree, { section: 91, ids: [] });
  const [exporting, setExporting] = useState(false);
  const [view, setView] = useState<'directory' | 'geo'>('directory');
  const exportAttendance = async () => {
    setExporting(true);
    try {
      await downloadLink(`/api${ATTENDANCE_EXPORT_URL}?month=${month}`);
    } catch {
      showAlert('error', 'The attendance sheet could not be downloaded.');
    } finally {
      setExporting(false);
    }
  };
  return (
    <Box pt="md" data-testid="account-users">
      <Group justify="space-between" mb="xs">
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v as 'directory' | 'geo')}
          data={[
            { value: 'directory', label: 'Directory' },
            { value: 'geo', label: 'Where staff are' },
          ]}
          data-testid="users-view"
        />
        {mayOpen ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileSpreadsheet size={14} />}
            loading={exporting}
            onClick={() => void exportAttendance()}
            data-testid="attendance-export"
          >
            Attendance {month} (XLSX)
          </Button>
        ) : null}
      </Group>
      {view === 'geo' ? (
        <DataTable<Person & { works_from: string }>
          url="/info/geo/list"
          listKey="info-geo"
          urlPrefix="g"
          rowId={(r) => r.id}
          height="460px"
          {...(mayOpen ? { onOpen: (r: Person) => navigate(`/account/user/${r.id}`) } : {})}
          cells={{
            at_work: (r) => (
              <Badge size="sm" variant="light" color={AT_WORK_COLOR[r.at_work] ?? 'gray'}>
                {r.at_work}
              </Badge>
            ),
          }}
        />
      ) : null}
      {view === 'directory' ? (
        <DataTable<Person>
          url="/info/users/list"
          listKey="info-users"
          urlPrefix="u"
          rowId={(r) => r.id}
          height="460px"
          {...(mayOpen ? { onOpen: (r: Person) => navigate(`/account/user/${r.id}`) } : {})}
          cells={{
            name: (r) =>
              mayOpen ? (
                <Anchor component={Link} to={`/account/user/${r.id}`} size="sm" onClick={(e) => e.stopPropagation()}>
                  {r.name}
                </Anchor>
              ) : (
                <Text size="sm">{r.name}</Text>
              ),
            at_work: (r) => (
              <Badge size="sm" variant="light" color={AT_WORK_COLOR[r.at_work] ?? 'gray'}>
                {r.at_work}
              </Badge>
            ),
          }}
        />
      ) : null}
    </Box>
  );
}
