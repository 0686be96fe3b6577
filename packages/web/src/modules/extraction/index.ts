// The extraction module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { ExtractionReview } from './extraction-review';
