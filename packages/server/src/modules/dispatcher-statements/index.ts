// The dispatcher-statements module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Safety and staff statements share the month helpers; safety statements the saved monthly rates.

export { addMonths, currentMonth, firstDay, monthPeriod, refuseFutureMonth, statementMonths } from './staff-months';
export { rateFor, saveMonthRate } from './staff-pay-rates.record';
