import { ACTION, IdParamsSchema, MessageBodySchema, SECTION } from '@backhaul/shared';
import {
  AssignProgramAnswerSchema,
  AssignProgramBodySchema,
  ProgramAssignmentsSchema,
  SERVICE_PROGRAMS_BASE,
  SERVICE_SCHEDULE_BASE,
  ServiceTaskOptionsSchema,
  ServiceWorkOrderAnswerSchema,
  ServiceWorkOrderBodySchema,
} from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { caller } from '../../platform/auth/guard';
import { clock } from '../../platform/clock';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerResource } from '../../platform/record/define-resource';
import { refreshOdometers } from '../eld';
import { registerDueSource } from '../expiry-digest';
import { serviceScheduleList } from './service-schedule.list';
import { programOptions, serviceProgramsResource, serviceTasksResource } from './service-schedule.records';
import {
  assignProgram,
  createServiceWorkOrders,
  programAssignments,
  removeAssignment,
  serviceDueItems,
} from './service-schedule.service';

const tags = ['Service schedule'];
const section = SECTION.WorkOrders;

/**
 * Preventive maintenance (beyond the spec): programs and tasks (resources), the service schedule
 * list, and one click from due rows to PM work orders. Due tasks go to the daily expiry digest.
 */
export const serviceScheduleRoutes: RouteModule = {
  name: 'service-schedule',
  register(app, deps) {
    const { db } = deps.database;
    registerDueSource('preventive-maintenance', serviceDueItems);
    registerResource(app, deps, serviceProgramsResource, { tags });
    registerResource(app, deps, serviceTasksResource, {
      tags,
      forms: { options: ({ user }) => programOptions(db, user), optionsSchema: ServiceTaskOptionsSchema },
    });
    app.get(`${SERVICE_PROGRAMS_BASE}/assignments`, {
      config: { access: { section } },
      schema: { tags, response: { 200: ProgramAssignmentsSchema } },
      handler: (req) => programAssignments(db, caller(req).user),
    });
    app.delete(`${SERVICE_PROGRAMS_BASE}/assignments/:id`, {
      config: { access: { section, action: ACTION.EDIT } },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: (req) => removeAssignment(db, caller(req).user, req.params.id),
    });
    app.post(`${SERVICE_PROGRAMS_BASE}/:id/units`, {
      config: { access: { section, action: ACTION.EDIT } },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AssignProgramBodySchema,
        response: { 200: AssignProgramAnswerSchema },
      },
      handler: (req) => assignProgram(db, caller(req).user, req.params.id, req.body),
    });
    registerListRoute(app, db, serviceScheduleList, {
      url: `${SERVICE_SCHEDULE_BASE}/list`,
      tags,
      access: { section },
      prepare: async (body, { user }) => {
        // The trucks' odometers as of now (eld module), which the schedule's SQL reads.
        await refreshOdometers(db, { companyId: user.companyId, now: clock.now() });
        return { request: body };
      },
    });
    app.post(`${SERVICE_SCHEDULE_BASE}/work-order`, {
      config: { access: { section, action: ACTION.CREATE } },
      schema: { tags, body: ServiceWorkOrderBodySchema, response: { 200: ServiceWorkOrderAnswerSchema } },
      handler: (req) => createServiceWorkOrders(db, caller(req).user, req.body.items),
    });
  },
};
