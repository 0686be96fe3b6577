// The cities module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { cityLinks } from './cities.record';
export { lookupCities } from './cities.service';
export { cities } from './cities.table';
