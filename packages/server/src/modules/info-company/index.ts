// The info-company module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { infoCompanies } from './info-company.table';
