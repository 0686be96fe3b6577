import { ACTION, APP_MSG } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/work-schedule/work-schedule.contract';
import type { Access } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import * as schedule from './work-schedule.service';

/** Account users (91): staff read the schedule with its view; editing a day needs its edit. */
const ACCOUNT_USERS = 91;
const VIEW: Access = { section: ACCOUNT_USERS, action: [ACTION.VIEW, ACTION.EDIT] };
const EDIT: Access = { section: ACCOUNT_USERS, action: ACTION.EDIT };

/** Employee work schedule (001 §7): the four calls of the register. */
export const workScheduleRoutes: RouteModule = {
  name: 'work-schedule',
  register(app, { database: { db } }) {
    const tags = ['Employee work schedule'];
    app.get('/employee-work-schedule', {
      config: { access: VIEW },
      schema: { tags, response: { 200: C.ScheduleResponseSchema } },
      handler: (req) => schedule.readSchedule(db, caller(req).user),
    });
    app.post('/employee-work-schedule/list', {
      config: { access: VIEW },
      schema: { tags, body: C.ScheduleListBodySchema, response: { 200: C.ScheduleResponseSchema } },
      handler: (req) => schedule.readSchedule(db, caller(req).user, req.body.date_start),
    });
    app.get('/employee-work-schedule/edit/:day/:schedule', {
      config: { access: EDIT },
      schema: { tags, params: C.ScheduleDayParamsSchema, response: { 200: C.ScheduleDayResponseSchema } },
      handler: (req) => schedule.readScheduleDay(db, caller(req).user, req.params.day, req.params.schedule),
    });
    app.post('/employee-work-schedule/update/:day/:schedule', {
      config: { access: EDIT },
      schema: {
        tags,
        params: C.ScheduleDayParamsSchema,
        body: C.ScheduleUpdateBodySchema,
        response: { 200: C.ScheduleDayResponseSchema.extend({ message: C.ScheduleDayResponseSchema.shape.day }) },
      },
      handler: async (req) => ({
        ...(await schedule.updateScheduleDay(db, caller(req).user, { ...req.params, body: req.body })),
        message: APP_MSG.scheduleSaved,
      }),
    });
  },
};
