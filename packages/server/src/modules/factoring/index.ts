// The factoring module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { factoringUses } from './factoring.record';
export { listFactoringOptions } from './factoring.service';
export { factoringCompanies, factoringNotes } from './factoring.table';
