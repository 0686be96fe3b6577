// The payments module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { PaymentDialog } from './payment-dialog';
export { CustomerPaymentsTable, InvoiceStatusBadge, LostPaymentsTable } from './payments-tables';
