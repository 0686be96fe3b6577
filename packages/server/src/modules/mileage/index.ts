// The mileage module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export {
  computeTripMiles,
  estimateRoadMiles,
  type GeoPoint,
  type MileageProvider,
  mileageProvider,
  ROAD_FACTOR,
  resolvePlace,
} from './mileage.service';
export { routedLegs } from './mileage.table';
export { loadRoadNetwork, type RoadNetwork } from './network';
export {
  forgetRoutedLegs,
  type MileageConfig,
  type RoutedLeg,
  type RoutingProvider,
  routeLeg,
  routeLegs,
  routingFromConfig,
} from './route-leg';
export { cutSegment, FIPS_TO_USPS, greatCircleMiles, type LatLon } from './state-cut';
