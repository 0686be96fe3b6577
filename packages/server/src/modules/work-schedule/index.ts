// The work-schedule module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { type ScheduledDay, scheduledDays } from './work-schedule.service';
export { workShifts } from './work-schedule.table';
