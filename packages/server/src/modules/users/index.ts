// The users module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { userOptions } from './users.service';
