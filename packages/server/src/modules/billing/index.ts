// The billing module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { billings } from './billing.table';
