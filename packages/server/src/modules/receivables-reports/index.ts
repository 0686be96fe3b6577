// The receivables-reports module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export {
  arAgingList,
  customersBalanceList,
  INVOICE_DATE,
  INVOICE_DUE_DATE,
  receivableInvoicesList,
} from './receivables-reports.list';
