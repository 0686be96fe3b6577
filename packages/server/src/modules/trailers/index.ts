// The trailers module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { haulerNumber } from './trailer-hauler';
export { trailerLinks } from './trailers.record';
export { trailerOptions } from './trailers.service';
export { trailers } from './trailers.table';
