import { ACTION, SECTION } from '@backhaul/shared';
import { ExtractedLoadSchema } from '@backhaul/shared/modules/extraction/extraction.contract';
import { AppError } from '../../platform/errors';
import { checkUpload, FILE_MSG } from '../../platform/files/file-rules';
import type { RouteModule } from '../../platform/http/types';
import { EXTRACTION_MSG, extractRateConfirmation } from './extraction.service';

/** POST /trips/extract (000 §7): a rate confirmation's PDF read into a load for the trip dialog to review. */
export const extractionRoutes: RouteModule = {
  name: 'extraction',
  register(app, { files }) {
    app.post('/trips/extract', {
      config: { access: { section: SECTION.Trips, action: ACTION.CREATE_EDIT_TRIP } },
      schema: { tags: ['Trips'], response: { 200: ExtractedLoadSchema } },
      handler: async (req) => {
        if (!req.isMultipart()) throw AppError.invalidField('file', FILE_MSG.noFile);
        let part: Awaited<ReturnType<typeof req.file>>;
        try {
          part = await req.file({ limits: { fileSize: files.maxBytes, files: 1 } });
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('payload_too_large', FILE_MSG.tooLarge(files.maxBytes));
          throw err;
        }
        if (!part) throw AppError.invalidField('file', FILE_MSG.noFile);
        const data = await part.toBuffer();
        // The platform's upload rules (name, extension, magic bytes, size), then pdf only.
        const { mime } = checkUpload(part.filename, data, files.maxBytes);
        if (mime !== 'application/pdf') throw AppError.invalidField('file', EXTRACTION_MSG.pdfOnly);
        return extractRateConfirmation(data);
      },
    });
  },
};
