// The invoices module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { createRun, generateInvoices } from './generator.service';
export { lastPayment } from './invoice-payments';
export { type BilledLine, billDocument, unbillDocument } from './invoices.billing';
export { invoiceMail } from './invoices.mail';
export { invoiceRecord } from './invoices.record';
export { applyInvoiceAmounts, getInvoice, type InvoiceRow, numberInvoices } from './invoices.service';
export { invoiceGenerationRuns, invoiceLines, invoiceSends, invoices } from './invoices.table';
