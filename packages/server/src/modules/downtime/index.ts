// The downtime module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export {
  DOWNTIME_NOW,
  downDaysSql,
  downtimeClock,
  downtimeCostSql,
  truckDailyGrossSql,
} from './downtime.basis';
export { downtimeRowsSql } from './downtime.sql';
export { shopVisits } from './shop-visits';
