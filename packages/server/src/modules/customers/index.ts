// The customers module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { moveCustomerBalances } from './customers.balance';
export { customerScope } from './customers.list';
export { customerLinks, listCustomerOptions } from './customers.service';
export { customerExceptions, customers } from './customers.table';
