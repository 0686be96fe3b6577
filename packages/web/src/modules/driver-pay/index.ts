// The web driver-pay module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { DriverPayPanel } from './driver-pay-panel';
