// The roles module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { listRoles } from './roles.service';
