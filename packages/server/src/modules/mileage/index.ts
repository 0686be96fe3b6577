// The mileage module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export {
  computeTripMiles,
  estimateRoadMiles,
  type MileageProvider,
  offlineProviderWith,
  selectMileageProvider,
} from './mileage.service';
