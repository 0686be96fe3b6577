// The work-orders module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { workOrders } from './work-orders.table';
