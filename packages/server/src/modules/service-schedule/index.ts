// The service-schedule module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { dueServiceTasks } from './service-schedule.service';
