// The trips module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// It owns trips, their stops and notes, and the loads on them (loads, load_stops).
export { linkLoadsToInvoices, setLoadsBilling, unlinkInvoiceLoads } from './loads.invoicing';
export { loadStops, loads } from './loads.table';
export { provideTripReceivables, type ReceivablesLookup } from './trip-receivables';
export { DAY_TOTALS_CHECK_SQL, type DayTotalsCheck } from './trips.day-totals.check';
export { toEngineRequest } from './trips.filters';
export { loadsList, rpm, TRIPS_FILTER_OPTIONS, TRIPS_JOINS, tripsList, tripsScope } from './trips.list';
export { ppwMail } from './trips.mail';
export {
  type DispatchedLoad,
  deliveredBy,
  dispatchedLoads,
  hasProofOfDelivery,
  type PayableLoad,
  payableDriverLoads,
} from './trips.pay';
export { loadInScope, tripFiles } from './trips.service';
export { tripConnections, tripNotes, trips } from './trips.table';
export { type StopPlace, type TruckDeliveredLoad, truckDeliveredLoads, truckPaceSql } from './truck-loads';
