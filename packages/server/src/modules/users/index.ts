// The users module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { DEMO_USERS } from './users.seed';
export { userOptions } from './users.service';
