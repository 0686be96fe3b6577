// The mileage module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export {
  computeTripMiles,
  estimateRoadMiles,
  greatCircleMiles,
  type MileageProvider,
  offlineProviderWith,
  ROAD_FACTOR,
  selectMileageProvider,
} from './mileage.service';
