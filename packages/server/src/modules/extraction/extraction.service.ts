import type { ExtractedLoad } from '@backhaul/shared/modules/extraction/extraction.contract';
import { AppError } from '../../platform/errors';
import { extractFromText } from './extraction.rules';
import { readPdfText } from './pdf-text';

export const EXTRACTION_MSG = {
  pdfOnly: 'Only pdf files can be read as a rate confirmation.',
  unreadable: 'The PDF could not be read.',
} as const;

/**
 * A rate confirmation's PDF → a pre-filled load with a confidence per field, read offline from the
 * PDF's text with rules (no network, no model). Nothing is saved: the trips dialog shows it for review.
 * A PDF without text (a scan) answers empty fields at confidence 0; a broken PDF is a 422.
 */
export async function extractRateConfirmation(pdf: Uint8Array): Promise<ExtractedLoad> {
  let text: Awaited<ReturnType<typeof readPdfText>>;
  try {
    text = await readPdfText(pdf);
  } catch {
    throw AppError.invalidField('file', EXTRACTION_MSG.unreadable);
  }
  return extractFromText(text);
}
