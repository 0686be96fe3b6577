// The manager-statements module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Nothing yet: its statements are the pay-statement engine's kind 'staff' (README.md); pay history
// (salaries) reads them from the engine's tables.
export {};
