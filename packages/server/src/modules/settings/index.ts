// The settings module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { listHolidays } from './holidays.service';
export { departmentReferences, positionReferences } from './settings.records';
export { federalHolidays } from './settings.seed';
export {
  allocateInvoiceNumbers,
  invoicePaymentDetails,
  motivationRules,
  paymentTermsDays,
  payRules,
  readSystemSettings,
  savedPaymentTermsSql,
  shopRules,
} from './settings.service';
export {
  contactTypes,
  documentTypes,
  holidays,
  inventoryItems,
  offices,
  positions,
  workSchedules,
} from './settings.table';
export { provideTruckRoadRecipients, type RecipientsStore } from './truck-road-recipients';
