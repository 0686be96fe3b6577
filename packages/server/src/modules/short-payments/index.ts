// The short-payments module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { type LoadSchedule, type LoadScheduleLookup, provideLoadSchedule } from './load-schedule';
export type { ShortPaymentSeed } from './short-payments.seed';
export { expectedFactoringCents, recordFactoringAmount } from './short-payments.service';
export { shortPayments } from './short-payments.table';
