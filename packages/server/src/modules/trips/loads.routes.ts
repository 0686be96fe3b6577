import { ACTION, IdParamsSchema, MSG, SECTION } from '@backhaul/shared';
import {
  isPpwType,
  PPW_TYPES,
  PpwListResponseSchema,
  PpwUploadResponseSchema,
  SendPpwBodySchema,
  SendPpwResponseSchema,
} from '@backhaul/shared/modules/trips/trips.contract';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { readUpload } from '../../platform/files/read-upload';
import type { RouteModule } from '../../platform/http/types';
import * as loadsService from './loads.service';

const trips = (action: number | number[]) => ({ section: SECTION.Trips, action });

/** PPW (paperwork) files of a load: list, upload (sets ppw=1), and mail them (000 §7 "Loads and billing"). */
export const loadsRoutes: RouteModule = {
  name: 'loads',
  register(app, { database: { db }, files, mailer }) {
    const tags = ['Loads'];
    loadsService.registerLoadFiles(files, db);

    app.get('/loads/ppw/:id', {
      config: { access: trips([ACTION.VIEW, ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD]) },
      schema: { tags, params: IdParamsSchema, response: { 200: PpwListResponseSchema } },
      handler: async (req) => loadsService.listPpw(db, caller(req), req.params.id),
    });

    // Multipart: one file; the upload rules of 000 §5 are the files service's.
    app.post('/loads/ppw/:id', {
      config: { access: trips([ACTION.FILE_UPLOAD, ACTION.CREATE_EDIT_TRIP]) },
      schema: { tags, params: IdParamsSchema, response: { 200: PpwUploadResponseSchema } },
      handler: async (req) => {
        const { name, data, fields } = await readUpload(req, { maxBytes: files.maxBytes });
        // The paperwork's type (a multipart field 'type'): bol, pod, lumper, rate_confirmation, other.
        const type = fields.type?.trim() || null;
        if (type !== null && !isPpwType(type))
          throw AppError.invalidField('type', `Choose the paperwork's type: ${Object.values(PPW_TYPES).join(', ')}.`);
        const result = await loadsService.uploadPpw(db, files, caller(req), req.params.id, { name, data, type });
        return { message: MSG.savingSuccess, ...result };
      },
    });

    const send = (url: string, selected: boolean) =>
      app.post(url, {
        config: { access: trips(ACTION.SEND) },
        schema: { tags, params: IdParamsSchema, body: SendPpwBodySchema, response: { 200: SendPpwResponseSchema } },
        handler: async (req) => {
          if (selected && !req.body.files?.length) throw AppError.invalidField('files', 'Choose the files to send.');
          const data = await loadsService.sendPpw(db, { files, mailer }, caller(req), req.params.id, {
            email: req.body.email,
            files: selected ? req.body.files : undefined,
          });
          return { message: MSG.ppwSent, data };
        },
      });
    send('/loads/sendPPW/:id', false);
    // The chosen files of the load, mailed (not zipped): one path for both, the outbox keeps the bytes.
    send('/loads/ppwSelected/:id', true);
  },
};
