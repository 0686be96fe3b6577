// The accounting-services module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { accountingServices, customerServiceRates } from './accounting-services.table';
