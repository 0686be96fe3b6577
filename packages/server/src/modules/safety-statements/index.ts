// The safety-statements module's public surface: what other modules may import (docs/ARCHITECTURE.md).
// Nothing: its statements live in the pay-statement engine's tables (kind 'safety').
export {};
