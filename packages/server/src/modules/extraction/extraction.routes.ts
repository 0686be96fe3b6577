import { ACTION, SECTION } from '@backhaul/shared';
import { ExtractedLoadSchema } from '@backhaul/shared/modules/extraction/extraction.contract';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { checkUpload } from '../../platform/files/file-rules';
import { readUpload } from '../../platform/files/read-upload';
import type { RouteModule } from '../../platform/http/types';
import { EXTRACTION_MSG, extractRateConfirmation, isReadableMime, matchBroker } from './extraction.service';

/**
 * POST /trips/extract (000 §7): a rate confirmation (PDF, or a photo of it) read into a load for the
 * trip dialog to review, its broker matched to the registry.
 */
export const extractionRoutes: RouteModule = {
  name: 'extraction',
  register(app, { files, database }) {
    app.post('/trips/extract', {
      config: { access: { section: SECTION.Trips, action: ACTION.CREATE_EDIT_TRIP } },
      schema: { tags: ['Trips'], response: { 200: ExtractedLoadSchema } },
      handler: async (req) => {
        const { name, data } = await readUpload(req, { maxBytes: files.maxBytes });
        // The platform's upload rules (name, extension, magic bytes, size), then PDF, PNG or JPEG.
        const { mime } = checkUpload(name, data, files.maxBytes);
        if (!isReadableMime(mime)) throw AppError.invalidField('file', EXTRACTION_MSG.pdfOnly);
        const load = await extractRateConfirmation(data, mime);
        return matchBroker(database.db, caller(req).user.companyId, load);
      },
    });
  },
};
