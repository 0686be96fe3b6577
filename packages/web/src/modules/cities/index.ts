// The cities module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { citiesApi } from './cities.api';
