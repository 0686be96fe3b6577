// The bonus-charge module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Salary statements count a month's entries and lock them (action_delete) while they do.
export { salaryMonthKey, signedCents } from './bonus-charge.columns';
export { bonusOfMonth, lockMonthEntries } from './bonus-charge.service';
export { bonusCharges } from './bonus-charge.table';
