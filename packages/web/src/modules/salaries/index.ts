// The salaries web module's public surface: the account page shows the card, the employee's card
// the pay history of the user it signs in as.
export { PayHistoryPanel } from './pay-history-panel';
export { SalariesCard } from './salaries-card';
