// The safety-statements module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { safetyStatements } from './safety-statements.table';
