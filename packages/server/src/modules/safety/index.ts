// The safety module's public surface: what other modules may import (docs/ARCHITECTURE.md).

export { safetyActions, safetyDrivers, safetyExceptions } from './safety.table';
export { openExceptionCount } from './safety-exceptions.service';
