import { SECTION } from '@backhaul/shared';
import { Group, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { MailPage } from '../mail';
import { COMPANY_LISTS, CompanyListPage } from './company-lists';

/**
 * Settings → System settings: the company's lists (one tab each) and the mail log. The tab is in
 * the URL (?tab=holidays), so a link opens it; switching tabs drops the previous table's filters.
 */
export function SystemSettingsPage() {
  const [params, setParams] = useSearchParams();
  const tree = usePermissionTree();
  const mail = allowsButton(tree, { section: SECTION.Mail, ids: [] });
  const tabs = [...COMPANY_LISTS.map((l) => l.key), ...(mail ? ['mail'] : [])];
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
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" py={6}>
            Company lists
          </Text>
          {COMPANY_LISTS.map((l) => (
            <Tabs.Tab key={l.key} value={l.key}>
              {l.tab}
            </Tabs.Tab>
          ))}
          {mail && (
            <>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" py={6} mt="sm">
                System
              </Text>
              <Tabs.Tab value="mail">Mail</Tabs.Tab>
            </>
          )}
        </Tabs.List>
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
