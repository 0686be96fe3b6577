// The planner module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { plannerTasks } from './planner.table';
