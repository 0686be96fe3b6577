// The truck-road module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { truckRoad } from './truck-road.table';
