// The bonus-charge module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Staff statements take a person's entries as their lines (README.md).
export { salaryMonthKey, signedCents } from './bonus-charge.columns';
export { type EntryRow, entriesFor, statementOfEntry } from './bonus-charge.service';
export { bonusCharges } from './bonus-charge.table';
