import { APP_MSG, MessageBodySchema, MSG } from '@backhaul/shared';
import {
  CompanyIdResponseSchema,
  EmailUndoBodySchema,
  EmailUndoResponseSchema,
  IsLoginResponseSchema,
  LoginBodySchema,
  LoginErrorSchema,
  LoginResponseSchema,
  ResetBodySchema,
  RestoreBodySchema,
  RestoreCheckResponseSchema,
  RestoreQuerySchema,
  UserResponseSchema,
  VersionResponseSchema,
} from '@backhaul/shared/modules/session/session.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import { clearSessionCookie, issueSessionCookie } from '../../platform/auth/session-cookie';
import { recordFeedback } from '../../platform/companies/feedback';
import type { RouteModule } from '../../platform/http/types';
import * as session from './session.service';

export const sessionRoutes: RouteModule = {
  name: 'session',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Session'];
    // The reset mail is sent here, after the request has answered (nothing is recorded of the outcome).
    deps.jobs.define<{ email: string }>(session.PASSWORD_RESET_JOB, async (ctx) => {
      await session.sendResetLink({ ...deps, db }, ctx.data.email);
    });

    app.post('/login', {
      config: { access: 'public' },
      schema: { tags, body: LoginBodySchema, response: { 200: z.union([LoginResponseSchema, LoginErrorSchema]) } },
      handler: async (req, reply) => {
        const answer = await session.login(
          { ...deps, db },
          {
            ...req.body,
            ip: req.ip,
            ...(req.headers['user-agent'] ? { userAgent: req.headers['user-agent'] } : {}),
          },
        );
        if ('access_token' in answer) issueSessionCookie(req, reply, deps.config, answer);
        return answer;
      },
    });

    app.post('/isLogin', {
      config: { access: 'session' },
      schema: { tags, response: { 200: IsLoginResponseSchema } },
      handler: async (req) => session.sessionCheck(caller(req)),
    });

    app.post('/logout', {
      config: { access: 'session' },
      schema: { tags, response: { 200: MessageBodySchema } },
      handler: async (req, reply) => {
        await session.logout(db, caller(req));
        clearSessionCookie(req, reply, deps.config);
        return { message: APP_MSG.loggedOut };
      },
    });

    app.post('/user', {
      config: { access: 'session' },
      schema: { tags, response: { 200: UserResponseSchema } },
      handler: async (req) => ({ user: await session.profile(db, caller(req)) }),
    });

    app.post('/version', {
      config: { access: 'public' },
      schema: { tags, response: { 200: VersionResponseSchema } },
      handler: () => session.currentVersion(db),
    });

    app.get('/company-id', {
      config: { access: 'session' },
      schema: { tags, response: { 200: CompanyIdResponseSchema } },
      handler: async (req) => ({ company_id: caller(req).user.companyId }),
    });

    app.post('/reset', {
      config: { access: 'public' },
      schema: { tags, body: ResetBodySchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await session.requestReset({ ...deps, db }, { email: req.body.email, ip: req.ip });
        return { message: APP_MSG.resetSent };
      },
    });

    app.get('/restore', {
      config: { access: 'public' },
      schema: { tags, querystring: RestoreQuerySchema, response: { 200: RestoreCheckResponseSchema } },
      handler: (req) => session.checkReset(db, req.query.token),
    });

    app.post('/restore', {
      config: { access: 'public' },
      schema: { tags, body: RestoreBodySchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await session.restorePassword(db, req.body.token, req.body.password);
        return { message: APP_MSG.passwordChanged };
      },
    });

    // The link mailed to the old address after a self-service e-mail change (GET in the web only shows the page).
    app.post('/email/undo', {
      config: { access: 'public' },
      schema: { tags, body: EmailUndoBodySchema, response: { 200: EmailUndoResponseSchema } },
      handler: async (req) => {
        const { email } = await session.undoEmailChange(db, req.body.token);
        return { message: APP_MSG.emailRestored(email), email };
      },
    });

    app.post('/feedback', {
      config: { access: 'session' },
      schema: {
        tags,
        body: z.object({
          message: z.string().trim().min(1, 'The message field is required.').max(5000),
          page: z.string().max(500).optional(),
        }),
        response: { 200: MessageBodySchema },
      },
      handler: async (req) => {
        const { user } = caller(req);
        await recordFeedback(db, {
          companyId: user.companyId,
          userId: user.id,
          message: req.body.message,
          page: req.body.page ?? null,
        });
        return { message: MSG.feedbackThanks };
      },
    });
  },
};
