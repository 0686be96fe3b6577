// The schedules module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { factoringScheduleMail } from './schedules.mail';
export { factoringSchedules, scheduleActions, scheduleLoads } from './schedules.table';
