// The employees module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { employeeOptions } from './employees.service';
export { employeeInventory, employees } from './employees.table';
