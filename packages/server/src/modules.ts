import { brokersRoutes } from './modules/brokers/brokers.routes';
import { citiesRoutes } from './modules/cities/cities.routes';
import { driversRoutes } from './modules/drivers/drivers.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { usersRoutes } from './modules/users/users.routes';
import { filesRoutes } from './platform/files/files.routes';
import type { RouteModule } from './platform/http/types';
import { jobsRoutes } from './platform/jobs/jobs.routes';
import { listRoutes } from './platform/list/list.routes';
import { liveRoutes } from './platform/live/live.routes';
import { mailRoutes } from './platform/mail/mail.routes';

/** Every module's routes, mounted under /api. A new module adds one line. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  sessionRoutes,
  rolesRoutes,
  mailRoutes,
  filesRoutes,
  jobsRoutes,
  liveRoutes,
  listRoutes,
  citiesRoutes,
  brokersRoutes,
  driversRoutes,
  employeesRoutes,
  usersRoutes,
];
