// The salaries module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Staff statements pay each month's salary prorated from the pay history (README.md).
export { monthSalary, salariedIn, staffLineOf } from './salaries.service';
export { salaryPayments } from './salaries.table';
export { type MonthSalary, monthEnd, type SalaryPart } from './salary-month';
