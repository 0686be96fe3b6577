// The brokers module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { brokerLinks } from './brokers.record';
export { lookupBrokers } from './brokers.service';
export { brokers } from './brokers.table';
