// The accounting-services module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { readCustomerServiceRates, replaceCustomerServiceRates } from './accounting-services.rates';
export { saveAccountingServices } from './accounting-services.service';
export { accountingServices, customerServiceRates } from './accounting-services.table';
