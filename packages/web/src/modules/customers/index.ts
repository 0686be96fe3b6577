// The customers module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { CustomerCardDrawer } from './customer-card';
