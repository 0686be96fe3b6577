import * as C from '@backhaul/shared/modules/settings/settings.contract';
import { Anchor, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { type ThemePreference, themePreferenceStore } from '../../app/theme-preference';
import { useStore } from '../../platform/create-store';
import { applyPreferences } from '../../platform/preferences';
import { QueryState } from '../../platform/query-state';
import { useRecordForm } from '../../platform/record/use-record-form';
import { fetchUserAccountSettings, saveUserAccountSettings, settingsKeys } from './settings.api';

const THEMES: Array<{ value: ThemePreference; label: string }> = [
  { value: 'auto', label: 'Auto' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * Settings → User account settings: the caller's own preferences. The rows per page every list
 * starts with (saved on the server, applied at once), and the theme setting of the spec — it cycles
 * auto → light → dark in the page, the dark theme stays enforced and nothing is stored.
 */
export function UserAccountSettingsPage() {
  const query = useQuery({ queryKey: settingsKeys.userAccount, queryFn: fetchUserAccountSettings });
  const { form, submit, saving } = useRecordForm({
    initialValues: { page_size: '' },
    schema: C.UserAccountSettingsFormSchema,
    save: saveUserAccountSettings,
    invalidate: settingsKeys.userAccount,
    onSaved: (saved) => applyPreferences(saved),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the settings are loaded
  useEffect(() => {
    if (!query.data) return;
    const values = { page_size: query.data.page_size === null ? '' : String(query.data.page_size) };
    form.setValues(values);
    form.resetDirty(values);
  }, [query.data]);
  const theme = useStore(themePreferenceStore);
  return (
    <Stack gap="md" data-testid="user-account-settings-page">
      <Title order={1}>User account settings</Title>
      <QueryState query={query}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Card withBorder>
              <form onSubmit={submit}>
                <Stack gap="sm">
                  <Title order={4}>Lists</Title>
                  <Select
                    label="Rows per page"
                    description="Where every list starts; a list's own page size menu still changes one view."
                    data={[
                      {
                        value: '',
                        label:
                          data.company_page_size === null
                            ? "Each list's own default"
                            : `Company default (${data.company_page_size})`,
                      },
                      ...data.page_sizes.map((n) => ({ value: String(n), label: String(n) })),
                    ]}
                    allowDeselect={false}
                    data-testid="user-page-size"
                    {...form.getInputProps('page_size')}
                  />
                  <Group justify="flex-end">
                    <Button type="submit" loading={saving} disabled={!form.isDirty()} data-testid="user-settings-save">
                      Save
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Card>
            <Card withBorder>
              <Stack gap="sm">
                <Title order={4}>Theme</Title>
                <SegmentedControl
                  value={theme}
                  onChange={(v) => themePreferenceStore.set(v as ThemePreference)}
                  data={THEMES}
                  data-testid="user-theme"
                />
                <Text size="sm" c="dimmed">
                  The header's theme button cycles the same setting. The dark theme is enforced, and the choice is not
                  stored: it lasts until the page is reloaded.
                </Text>
              </Stack>
            </Card>
            <Card withBorder>
              <Stack gap="xs">
                <Title order={4}>Account</Title>
                <Text size="sm">
                  Your name, phone and password are on{' '}
                  <Anchor component={Link} to="/account" underline="always">
                    My account
                  </Anchor>
                  .
                </Text>
              </Stack>
            </Card>
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
