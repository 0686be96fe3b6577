// The truck-road module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { recipients, replaceRecipients } from './truck-road.service';
export { truckRoad } from './truck-road.table';
