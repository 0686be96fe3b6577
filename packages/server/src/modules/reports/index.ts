// The reports module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { reports } from './reports.table';
