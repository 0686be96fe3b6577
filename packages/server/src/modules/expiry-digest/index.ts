// The expiry-digest module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { collectDueItems } from './expiry-digest.service';
