// The manager-statements module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { managerStatements } from './manager-statements.table';
