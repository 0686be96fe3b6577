import { ACTION, SECTION } from '@backhaul/shared';
import { ExtractedLoadSchema } from '@backhaul/shared/modules/extraction/extraction.contract';
import { AppError } from '../../platform/errors';
import { checkUpload } from '../../platform/files/file-rules';
import { readUpload } from '../../platform/files/read-upload';
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
        const { name, data } = await readUpload(req, { maxBytes: files.maxBytes });
        // The platform's upload rules (name, extension, magic bytes, size), then pdf only.
        const { mime } = checkUpload(name, data, files.maxBytes);
        if (mime !== 'application/pdf') throw AppError.invalidField('file', EXTRACTION_MSG.pdfOnly);
        return extractRateConfirmation(data);
      },
    });
  },
};
