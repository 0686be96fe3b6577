// The downtime module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { downtimeRowsSql } from './downtime.sql';
