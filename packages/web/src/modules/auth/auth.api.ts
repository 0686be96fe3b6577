import { MessageBodySchema } from '@backhaul/shared';
import { EmailUndoResponseSchema, RestoreCheckResponseSchema } from '@backhaul/shared/modules/session/session.contract';
import { api } from '../../platform/api-client';

/** POST /reset: always answers with a message (whether or not the address exists). */
export const requestPasswordReset = (email: string) => api.post('/reset', { email }, { schema: MessageBodySchema });

/** GET /restore?token=…: valid links answer with the account's e-mail, others 412 { error: { mail } }. */
export const checkResetToken = (token: string) =>
  api.get('/restore', { query: { token }, schema: RestoreCheckResponseSchema });

export const restorePassword = (body: { token: string; password: string; password_confirmation: string }) =>
  api.post('/restore', body, { schema: MessageBodySchema });

/** POST /email/undo: the link mailed to the old address puts it back; 412 { error: { mail } } when used or expired. */
export const undoEmailChange = (token: string) =>
  api.post('/email/undo', { token }, { schema: EmailUndoResponseSchema });
