import { MSG, type PermissionNode } from '@backhaul/shared';
import { type RoleRow, RoleSaveBodySchema } from '@backhaul/shared/modules/roles/roles.contract';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../platform/api-client';
import { useRecordForm } from '../../platform/record/use-record-form';
import {
  countAll,
  countSelected,
  filterTree,
  isSubsection,
  type TreePath,
  toggleAction,
  toggleSection,
} from './roles-tree';

type Customer = { id: number; name: string };
type Props = {
  id: number | null;
  opened: boolean;
  customers: Customer[];
  /** Users the caller may list (Users section), for assigning the role; null hides assigning. */
  users: { id: number; name: string; permission_role_id: number | null }[] | null;
  onClose: () => void;
  onSaved: () => void;
};
type Loaded = { role?: RoleRow; all_permissions: PermissionNode[] };

/** The 'All' option (id 0) of the customer select means "no customer": not a subrole (001 §3, §9). */
export const ALL_CUSTOMERS = { value: '0', label: 'All' };

function SectionNode(props: {
  node: PermissionNode;
  path: TreePath;
  depth: number;
  visible: Set<number>;
  /** Sections whose sub-sections are shown (all of them while searching). */
  open: (id: number) => boolean;
  onOpen: (id: number) => void;
  onSection: (path: TreePath, on: boolean) => void;
  onAction: (path: TreePath, on: boolean) => void;
}) {
  const { node, path, depth, visible } = props;
  if (!visible.has(node.id)) return null;
  const actions = node.children.map((c, i) => ({ c, i })).filter(({ c }) => !isSubsection(node, c));
  const sections = node.children.map((c, i) => ({ c, i })).filter(({ c }) => isSubsection(node, c));
  const ticked = countSelected(node);
  const total = countAll(node);
  const expanded = props.open(node.id);
  return (
    <Box
      pl={depth * 22}
      py={4}
      style={{ borderBottom: depth === 0 ? '1px solid var(--mantine-color-dark-5)' : undefined }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={expanded ? `Fold ${node.name}` : `Unfold ${node.name}`}
          onClick={() => props.onOpen(node.id)}
          style={{ visibility: sections.length ? 'visible' : 'hidden' }}
          data-testid={`perm-open-${node.id}`}
        >
          {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
        <Checkbox
          label={
            <Text size="sm" fw={depth === 0 ? 600 : 500}>
              {node.name}
            </Text>
          }
          checked={node.selected}
          indeterminate={!node.selected && ticked > 0}
          onChange={(e) => props.onSection(path, e.currentTarget.checked)}
          data-testid={`perm-section-${node.id}`}
          miw={200}
        />
        <Group gap={6} wrap="wrap" style={{ flex: 1 }}>
          {actions.map(({ c, i }) => (
            <Checkbox
              key={`a-${c.id}`}
              size="xs"
              label={c.name}
              checked={c.selected}
              onChange={(e) => props.onAction([...path, i], e.currentTarget.checked)}
              data-testid={`perm-action-${node.id}-${c.id}`}
            />
          ))}
        </Group>
        {sections.length > 0 && (
          <Badge size="xs" variant="light" color={ticked ? 'teal' : 'gray'}>
            {ticked}/{total}
          </Badge>
        )}
      </Group>
      {expanded &&
        sections.map(({ c, i }) => (
          <SectionNode key={`s-${c.id}`} {...props} node={c} path={[...path, i]} depth={depth + 1} />
        ))}
    </Box>
  );
}

/** Create or edit a role: name, customer (subrole), the whole permission tree, and its users. */
export function RoleEditor({ id, opened, customers, users, onClose, onSaved }: Props) {
  const query = useQuery({
    queryKey: ['role', id],
    queryFn: () => api.get<Loaded>(id ? `/permission/${id}/edit` : '/permission/create'),
    enabled: opened,
    staleTime: 0,
  });
  // Saved by the Save button, not a <form>: Enter in the section search must not save the role.
  const { form, submit, saving } = useRecordForm({
    initialValues: { name: '', customer_id: '0', permissions: [] as PermissionNode[], user_ids: [] as string[] },
    schema: RoleSaveBodySchema,
    body: (values) => ({
      ...(id ? { id } : {}),
      name: values.name,
      customer_id: values.customer_id === '0' ? null : Number(values.customer_id),
      permissions: values.permissions,
    }),
    // A server error is the spec's 'Something went wrong'; a refusal or bad input says why.
    save: async (body, values) => {
      const res = await api.post<{ message: string; role: RoleRow }>('/permission', body, {
        failure: MSG.roleCallFailed,
      });
      if (values.user_ids.length)
        await api.post(
          `/permission/${res.role.id}/assign`,
          { user_ids: values.user_ids.map(Number) },
          { failure: MSG.roleCallFailed },
        );
      return res;
    },
    onSaved: () => {
      onSaved();
      onClose();
    },
  });
  const tree = form.values.permissions;
  const [search, setSearch] = useState('');
  const [unfolded, setUnfolded] = useState<Set<number>>(new Set());
  const isOpen = (sectionId: number) => search.trim() !== '' || unfolded.has(sectionId);
  const flip = (sectionId: number) =>
    setUnfolded((s) => {
      const next = new Set(s);
      if (!next.delete(sectionId)) next.add(sectionId);
      return next;
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when a role is loaded
  useEffect(() => {
    if (!opened || !query.data) return;
    form.setValues({
      name: query.data.role?.name ?? '',
      customer_id: String(query.data.role?.customer_id ?? 0),
      permissions: query.data.all_permissions,
      user_ids: [],
    });
    form.clearErrors();
    setSearch('');
  }, [opened, query.data]);
  const visible = useMemo(() => filterTree(tree, search), [tree, search]);
  const locked = query.data?.role?.all_permissions ?? false;
  const holders = users?.filter((u) => id !== null && u.permission_role_id === id) ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title={id ? 'Edit role' : 'New role'} size="80rem" centered>
      {!query.data ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack gap="sm" data-testid="role-editor">
          <Group grow align="flex-start">
            <TextInput
              label="Name"
              withAsterisk
              disabled={locked}
              data-testid="role-name"
              {...form.getInputProps('name')}
            />
            <Select
              label="Customer (subrole)"
              description="'All' makes a company role, not tied to a customer"
              data={[ALL_CUSTOMERS, ...customers.map((c) => ({ value: String(c.id), label: c.name }))]}
              searchable
              disabled={locked}
              {...form.getInputProps('customer_id')}
              onChange={(v) => form.setFieldValue('customer_id', v ?? '0')}
              data-testid="role-customer"
            />
          </Group>
          {users && (
            <MultiSelect
              label="Give this role to users"
              description={
                holders.length ? `Now held by: ${holders.map((u) => u.name).join(', ')}` : 'No user holds it yet'
              }
              data={users.filter((u) => !holders.includes(u)).map((u) => ({ value: String(u.id), label: u.name }))}
              searchable
              {...form.getInputProps('user_ids')}
              clearable
              data-testid="role-assign"
            />
          )}
          {locked && (
            <Text size="sm" c="yellow">
              The administrator role always holds every permission.
            </Text>
          )}
          <Group justify="space-between">
            <Text fw={600}>Permissions</Text>
            <TextInput
              size="xs"
              placeholder="Find a section"
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-testid="role-search"
            />
          </Group>
          {form.errors.permissions && (
            <Text size="sm" c="red">
              {form.errors.permissions}
            </Text>
          )}
          <ScrollArea h="calc(100vh - 440px)" mih={240} type="auto" offsetScrollbars>
            <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }} data-testid="role-tree">
              {tree.map((n, i) => (
                <SectionNode
                  key={n.id}
                  node={n}
                  path={[i]}
                  depth={0}
                  visible={visible}
                  open={isOpen}
                  onOpen={flip}
                  onSection={(p, on) => form.setFieldValue('permissions', (t) => toggleSection(t, p, on))}
                  onAction={(p, on) => form.setFieldValue('permissions', (t) => toggleAction(t, p, on))}
                />
              ))}
            </fieldset>
          </ScrollArea>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {!locked && (
              <Button onClick={() => submit()} loading={saving} data-testid="role-save">
                Save
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
