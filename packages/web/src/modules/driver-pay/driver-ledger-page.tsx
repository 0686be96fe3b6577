import { SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/driver-pay/driver-ledger.contract';
import { ResourcePage } from '../../platform/record/resource-page';

// What driver statements draw from besides loads, fuel and instalments (issue 28): each a small
// list on the record engine, under the Driver statements section.

/** Accounting → Escrow accounts: an owner-operator's fund (49 CFR 376.12(k)), its target, deposit and balance. */
export const EscrowAccountsPage = () => (
  <ResourcePage
    title="Escrow accounts"
    noun="escrow account"
    base={C.ESCROW_BASE}
    listKey="escrow-accounts"
    schema={C.EscrowFormSchema}
    section={SECTION.DriverStatements}
  />
);

/** Accounting → Cash advances: fuel-card cash and comchecks given, recovered on the driver's next statement. */
export const CashAdvancesPage = () => (
  <ResourcePage
    title="Cash advances"
    noun="cash advance"
    base={C.ADVANCES_BASE}
    listKey="cash-advances"
    schema={C.AdvanceFormSchema}
    section={SECTION.DriverStatements}
  />
);

/** Accounting → Driver hours: an hourly driver's hours per day (or per load), paid on the statement. */
export const DriverHoursPage = () => (
  <ResourcePage
    title="Driver hours"
    noun="hours entry"
    base={C.HOURS_BASE}
    listKey="driver-hours"
    schema={C.HoursFormSchema}
    section={SECTION.DriverStatements}
  />
);
