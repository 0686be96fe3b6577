// The extraction module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { extractRateConfirmation } from './extraction.service';
export { closeOcr } from './ocr';
