import { ACTION, APP_MSG, IdParamsSchema, MessageBodySchema, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import * as C from '@backhaul/shared/modules/account/account.contract';
import { z } from 'zod';
import type { Access } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/types';
import { buildAccount, ensureStaff } from './account.service';
import * as attendance from './attendance.service';
import { upcomingEvents } from './events.service';
import * as profile from './profile.service';

const S = C.ACCOUNT_SECTION;
const ACCOUNT: Access = { section: SECTION.Account };
const MY_INFO_VIEW: Access = { section: S.myInformation, action: [ACTION.VIEW, ACTION.EDIT] };
const MY_INFO_EDIT: Access = { section: S.myInformation, action: ACTION.EDIT };

/** Account and personal (001 §7): my information, check-in and check-out, events, password. */
export const accountRoutes: RouteModule = {
  name: 'account',
  register(app, { database: { db } }) {
    const tags = ['Account'];

    app.get('/info/my-information', {
      config: { access: MY_INFO_VIEW },
      schema: { tags, querystring: C.MonthQuerySchema, response: { 200: C.AccountResponseSchema } },
      handler: (req) => {
        const { user, grants } = caller(req);
        return buildAccount(db, { viewer: user, grants, userId: user.id, month: req.query.month });
      },
    });

    // Only one's own information is edited here; another user's is the users tab's.
    const own = (id: number, userId: number) => {
      if (id !== userId) throw AppError.forbidden();
    };
    app.get('/info/my-information/:id/edit', {
      config: { access: MY_INFO_EDIT },
      schema: { tags, params: IdParamsSchema, response: { 200: z.object({ item: C.MyInformationSchema }) } },
      handler: async (req) => {
        const { user } = caller(req);
        own(req.params.id, user.id);
        return { item: await profile.readMyInformation(db, user) };
      },
    });
    app.put('/info/my-information/:id', {
      config: { access: MY_INFO_EDIT },
      schema: {
        tags,
        params: IdParamsSchema,
        body: C.MyInformationFormSchema,
        response: { 200: z.object({ message: z.string(), item: C.MyInformationSchema }) },
      },
      handler: async (req) => {
        const { user } = caller(req);
        own(req.params.id, user.id);
        return { message: APP_MSG.informationSaved, item: await profile.saveMyInformation(db, user, req.body) };
      },
    });

    app.post('/check/:status', {
      config: { access: { section: S.checkIn, action: ACTION.CREATE } },
      schema: { tags, params: C.CheckParamsSchema, response: { 200: C.CheckResponseSchema } },
      handler: (req) => {
        const { user } = caller(req);
        return req.params.status === C.CHECK_STATUS.in ? attendance.checkIn(db, user) : attendance.checkOut(db, user);
      },
    });

    // Another user's month and days: Account users (91); customer users and other companies are 404.
    app.post('/info/users/:id/edit', {
      config: { access: { section: S.users, action: [ACTION.VIEW, ACTION.EDIT] } },
      schema: { tags, params: IdParamsSchema, body: C.UserMonthBodySchema, response: { 200: C.AccountResponseSchema } },
      handler: (req) => {
        const { grants, user } = caller(req);
        const month = req.body.date ? req.body.date.slice(0, 7) : undefined;
        return buildAccount(db, { viewer: user, grants, userId: req.params.id, month });
      },
    });
    app.post('/info/users/sick/:date/:id', {
      config: { access: { section: S.users, action: ACTION.EDIT } },
      schema: { tags, params: C.DateIdParamsSchema, body: C.SickBodySchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        const { user } = caller(req);
        await ensureStaff(db, user, req.params.id);
        await attendance.markSick(db, user, { userId: req.params.id, date: req.params.date, sick: req.body.sick });
        return { message: APP_MSG.dayTimesSaved };
      },
    });
    app.post('/info/users/date-time/:date/:id', {
      config: { access: { section: S.users, action: ACTION.EDIT } },
      schema: { tags, params: C.DateIdParamsSchema, body: C.DayTimesBodySchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        const { user } = caller(req);
        await ensureStaff(db, user, req.params.id);
        await attendance.setDayTimes(db, user, { userId: req.params.id, date: req.params.date, ...req.body });
        return { message: APP_MSG.dayTimesSaved };
      },
    });

    app.get('/info/event', {
      config: { access: ACCOUNT },
      schema: { tags, response: { 200: z.object({ events: z.array(C.EventSchema) }) } },
      handler: async (req) => ({
        events: await upcomingEvents(db, caller(req).user.companyId, nowInCompanyTimeZone().date),
      }),
    });

    app.post('/user/update', {
      config: { access: { section: S.passwordChange, action: ACTION.EDIT } },
      schema: { tags, body: C.PasswordChangeBodySchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await profile.changePassword(db, caller(req), req.body);
        return { message: APP_MSG.passwordUpdated };
      },
    });
  },
};
