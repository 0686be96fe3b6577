// The eld module's public surface (docs/ARCHITECTURE.md): ELD jurisdiction miles and truck odometers.
export { type EldTruckMiles, eldJurisdictionMiles } from './eld-miles';
export { computeOdometers, type OdometerNow, odometerNowSql, refreshOdometers } from './odometer-now';
