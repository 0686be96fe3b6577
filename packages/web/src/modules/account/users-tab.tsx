import { Anchor, Badge, Box, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';

type Person = { id: number; name: string; at_work: string; check_in: string | null };
const AT_WORK_COLOR: Record<string, string> = { In: 'green', Left: 'gray', 'Not in': 'yellow' };

/** Account → Users: the staff directory; a name opens the user page only with Account users (91). */
export function UsersTab() {
  const tree = usePermissionTree();
  const navigate = useNavigate();
  const mayOpen = allowsButton(tree, { section: 91, ids: [] });
  return (
    <Box pt="md" data-testid="account-users">
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
    </Box>
  );
}
