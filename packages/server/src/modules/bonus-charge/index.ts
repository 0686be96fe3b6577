// The bonus-charge module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Salary statements count a month's entries (and lock them with action_delete).
export { salaryMonthKey, signedCents } from './bonus-charge.columns';
export { bonusCharges } from './bonus-charge.table';
