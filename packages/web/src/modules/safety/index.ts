// The web safety module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { loadQualification, qualificationKeys } from './qualification.api';
export { QualificationPanel, ScoreTrendChart } from './qualification-panel';
