// The account module's public surface: what other modules may import (docs/ARCHITECTURE.md).
export { attendanceDays, staffProfiles, vacationRequests } from './account.table';
