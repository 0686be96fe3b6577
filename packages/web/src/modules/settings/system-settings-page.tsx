import { ACTION, SECTION } from '@backhaul/shared';
import { Group, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { MailPage } from '../mail';
import { COMPANY_LISTS, CompanyListPage, VERSIONS_LIST } from './company-lists';
import { SystemSettingsForm } from './system-settings-form';

/**
 * Settings → System settings: the settings form (new-system-settings), the company's lists, versions (one tab each) and the mail log. The tab is in
 * the URL (?tab=holidays), so a link opens it; switching tabs drops the previous table's filters.
 */
export function SystemSettingsPage() {
  const [params, setParams] = useSearchParams();
  const tree = usePermissionTree();
  const mail = allowsButton(tree, { section: SECTION.Mail, ids: [] });
  const canEdit = allowsButton(tree, { section: SECTION.Settings, ids: [ACTION.EDIT] });
  const tabs = ['general', ...COMPANY_LISTS.map((l) => l.key), 'version', ...(mail ? ['mail'] : [])];
  const tab = tabs.includes(params.get('tab') ?? '') ? (params.get('tab') as string) : tabs[0];
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg" data-testid="system-settings-page">
      <Tabs
        orientation="vertical"
        value={tab ?? null}
        onChange={(v) => v && setParams({ tab: v })}
        keepMounted={false}
        styles={{ tab: { justifyContent: 'flex-start' } }}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Tabs.List miw={180}>
          <Tabs.Tab value="general">General</Tabs.Tab>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" py={6}>
            Company lists
          </Text>
          {COMPANY_LISTS.map((l) => (
            <Tabs.Tab key={l.key} value={l.key}>
              {l.tab}
            </Tabs.Tab>
          ))}
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" py={6} mt="sm">
            System
          </Text>
          <Tabs.Tab value="version">Versions</Tabs.Tab>
          {mail && <Tabs.Tab value="mail">Mail</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="general" pl="lg" style={{ minWidth: 0 }}>
          <Title order={1} mb="md">
            System settings
          </Title>
          <SystemSettingsForm url="/settings/new-system-settings" readOnly={!canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="version" pl="lg" style={{ minWidth: 0 }}>
          <CompanyListPage list={VERSIONS_LIST} />
        </Tabs.Panel>
        {COMPANY_LISTS.map((l) => (
          <Tabs.Panel key={l.key} value={l.key} pl="lg" style={{ minWidth: 0 }}>
            <CompanyListPage list={l} />
          </Tabs.Panel>
        ))}
        {mail && (
          <Tabs.Panel value="mail" pl="lg" style={{ minWidth: 0 }}>
            <MailPage />
          </Tabs.Panel>
        )}
      </Tabs>
    </Group>
  );
}
