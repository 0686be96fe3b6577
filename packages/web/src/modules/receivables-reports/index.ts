// The receivables-reports module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { ReceivableInvoicesTable } from './receivables-tables';
