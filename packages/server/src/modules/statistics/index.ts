// The statistics module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { dispatchStatisticsList } from './statistics.list';
export { summarize } from './statistics.service';
export { resolveWindow } from './statistics.window';
