// The salaries module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Salary statements take the salary in effect at a month's end.
export { monthEnd, salariedOn, salaryOn } from './salaries.service';
export { salaryPayments } from './salaries.table';
