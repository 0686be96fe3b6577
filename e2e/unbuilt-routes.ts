// Routes whose screen is not built yet: they show the one "not available yet" page.
// routes.spec.ts checks this list against the app both ways, so it can only shrink: build a
// screen, then take its path off this list.
export const UNBUILT_ROUTES: readonly string[] = [
  '/account/user/1',
  '/employee-work-schedule',
  '/accounting/dispatchers-st-ts',
  '/accounting/safety-st-ts',
  '/accounting/drivers-statements',
  '/accounting/scheduled-payments',
  '/accounting/fuel',
  '/accounting/bonus-charge',
  '/accounting/company-expenses',
  '/manager-statements',
  '/maintenance',
  '/settings/accounting-settings',
  '/settings/user-account-settings',
  '/settings/old-system-settings',
  '/test',
  '/ui',
];
