// The dashboard module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { loadGraph } from './dashboard.service';
