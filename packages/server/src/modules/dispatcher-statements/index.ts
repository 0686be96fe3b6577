// The dispatcher-statements module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Safety statements share the month helpers and the saved rates.
export { rateFor, saveRate } from './dispatcher-statements.service';
export { staffPayRates } from './dispatcher-statements.table';
export { addMonths, currentMonth, firstDay, refuseFutureMonth, statementMonths } from './staff-months';
