import { ACTION, APP_MSG, IdParamsSchema, MessageBodySchema, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/account/account.contract';
import {
  ATTENDANCE_EXPORT_URL,
  AttendanceExportQuerySchema,
} from '@backhaul/shared/modules/account/attendance.contract';
import { TODAY_URL, TodayPanelSchema } from '@backhaul/shared/modules/account/today.contract';
import { z } from 'zod';
import type { Access } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { buildAccount, ensureStaff } from './account.service';
import * as attendance from './attendance.service';
import { attendanceSheet } from './attendance-sheet.service';
import * as comments from './comments.service';
import { upcomingEvents } from './events.service';
import * as notes from './notes.service';
import { geoList, peopleList } from './people.list';
import * as profile from './profile.service';
import { todayPanel } from './today.service';
import * as vacation from './vacation.service';

const S = C.ACCOUNT_SECTION;
const ACCOUNT: Access = { section: SECTION.Account };
const MY_INFO_VIEW: Access = { section: S.myInformation, action: [ACTION.VIEW, ACTION.EDIT] };
const MY_INFO_EDIT: Access = { section: S.myInformation, action: ACTION.EDIT };

/** Account and personal (001 §7): my information, check-in and check-out, events, password. */
export const accountRoutes: RouteModule = {
  name: 'account',
  register(app, { database: { db }, config }) {
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
      if (id !== userId) throw AppError.notFound();
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

    // The today panel (beyond the spec): any staff session; each part follows the caller's grants.
    app.get(TODAY_URL, {
      config: { access: 'session' },
      schema: { tags, response: { 200: TodayPanelSchema } },
      handler: (req) => {
        const { user, grants } = caller(req);
        return todayPanel(db, user, grants);
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

    // The month's attendance of everyone, as a spreadsheet for payroll (beyond the spec): Account users (91).
    app.get(ATTENDANCE_EXPORT_URL, {
      config: { access: { section: S.users, action: [ACTION.VIEW, ACTION.EDIT] } },
      schema: { tags, querystring: AttendanceExportQuerySchema },
      handler: async (req, reply) => {
        const { user, grants } = caller(req);
        const sheet = await attendanceSheet(db, user, grants, req.query.month);
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${sheet.name}"`)
          .send(sheet.data);
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

    // ---------- users ----------
    // The filters' options alone (the list answers them too, under `filter`): GET /info/users and …/filters.
    registerListRoute(app, db, peopleList, {
      url: '/info/users/list',
      tags,
      filters: [{ url: '/info/users', method: 'GET' }, { url: '/info/users/filters' }],
    });
    // The geo list: where the staff are today, by office.
    registerListRoute(app, db, geoList, {
      url: '/info/geo/list',
      tags,
      access: ACCOUNT,
      filters: { url: '/info/geo/filters' },
    });

    // ---------- notes ----------
    const NOTES_READ: Access = { section: S.notes, action: [ACTION.VIEW, ACTION.EDIT] };
    app.post('/info/notes/list', {
      config: { access: NOTES_READ },
      schema: { tags, body: C.NotesListBodySchema, response: { 200: C.NotesListResponseSchema } },
      handler: (req) => notes.listNotes(db, caller(req).user, req.body),
    });
    app.post('/info/notes', {
      config: { access: { section: S.notes, action: ACTION.CREATE } },
      schema: { tags, body: C.NoteFormSchema, response: { 200: z.object({ message: z.string(), count: z.number() }) } },
      handler: (req) => notes.sendNote(db, caller(req).user, req.body),
    });
    app.put('/info/notes/:id', {
      config: { access: NOTES_READ },
      schema: {
        tags,
        params: IdParamsSchema,
        body: C.NoteStatusBodySchema,
        response: { 200: z.object({ message: z.string(), count: z.number() }) },
      },
      handler: (req) => notes.setNoteStatus(db, caller(req).user, req.params.id, req.body.status),
    });
    app.get('/info/notes/count', {
      config: { access: NOTES_READ },
      schema: { tags, response: { 200: C.CountResponseSchema } },
      handler: async (req) => ({ count: await notes.unreadNotes(db, caller(req).user.id) }),
    });

    // ---------- vacation ----------
    const VACATION: Access = { section: S.vacation };
    app.post('/info/vacation/request/list', {
      config: { access: VACATION },
      schema: { tags, body: C.VacationListBodySchema, response: { 200: C.VacationListResponseSchema } },
      handler: (req) => vacation.listVacationRequests(db, caller(req), req.body),
    });
    app.post('/info/vacation/request', {
      config: { access: { section: S.vacation, action: ACTION.CREATE } },
      schema: { tags, body: C.VacationFormSchema, response: { 200: C.VacationSaveResponseSchema } },
      handler: (req) => vacation.requestVacation(db, caller(req), req.body),
    });
    app.get('/info/vacation/request/:id/edit', {
      config: { access: VACATION },
      schema: { tags, params: IdParamsSchema, response: { 200: z.object({ item: C.VacationRowSchema }) } },
      handler: async (req) => ({ item: await vacation.vacationRequest(db, caller(req), req.params.id) }),
    });
    app.put('/info/vacation/request/:id', {
      config: { access: VACATION },
      schema: {
        tags,
        params: IdParamsSchema,
        body: C.VacationStatusBodySchema,
        response: { 200: z.object({ message: z.string(), item: C.VacationRowSchema }) },
      },
      handler: (req) => vacation.decideVacation(db, caller(req), req.params.id, req.body.status),
    });
    app.delete('/info/vacation/request/:id', {
      config: { access: VACATION },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: (req) => vacation.deleteVacation(db, caller(req), req.params.id),
    });
    app.post('/info/vacation/list', {
      config: { access: VACATION },
      schema: { tags, body: C.VacationCalendarBodySchema, response: { 200: C.VacationCalendarResponseSchema } },
      handler: (req) => vacation.vacationCalendar(db, caller(req), req.body.month),
    });
    app.get('/info/vacation/count', {
      config: { access: VACATION },
      schema: { tags, response: { 200: C.CountResponseSchema } },
      handler: async (req) => ({ count: await vacation.newVacationCount(db, caller(req)) }),
    });

    // ---------- comments on users (All users comments) ----------
    const COMMENTS: Access = { section: S.comments, action: [ACTION.VIEW, ACTION.EDIT] };
    app.post('/info/comments/list', {
      config: { access: COMMENTS },
      schema: { tags, body: C.CommentsListBodySchema, response: { 200: C.CommentsListResponseSchema } },
      handler: (req) => comments.listComments(db, caller(req), req.body),
    });
    app.post('/info/comments', {
      config: { access: { section: S.comments, action: ACTION.CREATE } },
      schema: { tags, body: C.CommentFormSchema, response: { 200: MessageBodySchema } },
      handler: (req) => comments.addComment(db, caller(req), req.body),
    });
    app.put('/info/comments/:id', {
      config: { access: COMMENTS },
      schema: { tags, params: IdParamsSchema, body: C.CommentSeenBodySchema, response: { 200: MessageBodySchema } },
      handler: (req) => comments.setCommentSeen(db, caller(req), req.params.id, req.body.seen),
    });
    app.get('/info/comments/count', {
      config: { access: COMMENTS },
      schema: { tags, response: { 200: C.CountResponseSchema } },
      handler: async (req) => ({ count: await comments.newComments(db, caller(req).user.companyId) }),
    });

    app.get('/info/event', {
      config: { access: ACCOUNT },
      schema: { tags, response: { 200: z.object({ events: z.array(C.EventSchema) }) } },
      handler: async (req) => ({
        events: await upcomingEvents(db, caller(req).user.companyId, clock.today()),
      }),
    });

    app.post('/user/update', {
      config: { access: { section: S.passwordChange, action: ACTION.EDIT } },
      schema: { tags, body: C.PasswordChangeBodySchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await profile.changePassword({ db, config }, { auth: caller(req), body: req.body, ip: req.ip });
        return { message: APP_MSG.passwordUpdated };
      },
    });
  },
};
