import type { Profile } from '../../domain/schemas/entities.js';
import type { SignedPdfVerdict } from '../documents/signed-pdf.js';

export type { SignedPdfVerdict } from '../documents/signed-pdf.js';

/**
 * How the kit's confirmation checks a procuração or declaração uploaded as signed on gov.br: against whoever must sign
 * it for this profile (the customer, or the company's partner). The handler passes `verifyOutorganteSignature`
 * (lambdas/documents/signed-pdf.ts); tests may pass their own.
 */
export type SignedPdfVerifier = (pdf: Uint8Array, profile: Profile) => Promise<SignedPdfVerdict>;
