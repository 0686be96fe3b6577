// The brokers module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { lookupBrokers } from './brokers.service';
export { brokers } from './brokers.table';
