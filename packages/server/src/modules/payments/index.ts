// The payments module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { lostPayments, payments } from './payments.table';
