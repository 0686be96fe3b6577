// The expiry-digest module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { collectDueItems, type DueSource, registerDueSource } from './expiry-digest.service';
export type { DigestItem } from './expiry-digest.template';
