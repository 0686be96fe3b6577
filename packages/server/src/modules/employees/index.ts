// The employees module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { unlinkEmployeeUser } from './employee-user';
export { employeeOptions } from './employees.service';
export { employeeInventory, employees } from './employees.table';
// Staff pay prorates a month's salary to the hire and termination dates.
export { type Employment, employmentOf } from './employment';
