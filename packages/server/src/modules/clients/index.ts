// The clients module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { salesLeadDescriptions, salesLeadInvoices, salesLeads } from './clients.table';
export { createWalkInClient } from './walk-in-client';
