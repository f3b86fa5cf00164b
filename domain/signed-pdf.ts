/**
 * What the server concludes about a PDF the customer says they signed: a digital signature it could
 * check, or a refusal with a stable reason beside its pt-BR message. The review screen and the upload confirmation
 * both read this shape; the verifier lives in lambdas/documents/signed-pdf.ts.
 */
export type SignedPdfRefusalReason = 'unsigned' | 'altered' | 'other_signer' | 'unreadable';

export type SignedPdfVerdict =
  | {
      kind: 'digital';
      /** As the certificate spells it (CN without the ICP-Brasil ':CPF' suffix). */
      signerName: string;
      /** 11 digits. */
      signerCpf: string;
      /** ISO 8601, from the signed signing-time attribute or the signature dictionary's /M; null when neither. */
      signedAt: string | null;
      /** The issuing authority's common name (e.g. 'AC Final do Governo Federal do Brasil v1'). */
      issuer: string;
      /** Whether the certificate chains to a root the product ships (docs/decisions.md, Signed PDFs without roots). */
      chainValidated: boolean;
    }
  | { kind: 'refused'; reason: SignedPdfRefusalReason; message: string };

/** The federal government's free signing service the customer is sent to (gov.br advanced signature). */
export const GOV_BR_SIGNER_URL = 'https://assinador.iti.br';

/** The official validator (ITI) where a lawyer checks a signature's chain the product could not check itself. */
export const ITI_VALIDATOR_URL = 'https://validar.iti.gov.br';

/**
 * The largest signed PDF the verifier reads: the uploads' own ceiling (10 MB, enforced by S3's POST policy), so a
 * larger body is refused before it is scanned, never half-read.
 */
export const SIGNED_PDF_MAX_BYTES = 10 * 1024 * 1024;

export const SIGNED_PDF_MESSAGES = {
  unsigned:
    'Este PDF não tem assinatura digital. Assine o documento no gov.br (assinador.iti.br) e envie o arquivo que o ' +
    'site devolve, ou assine à mão, digitalize e envie.',
  altered:
    'O PDF foi modificado depois de assinado, então a assinatura não vale mais. Baixe o documento de novo, assine e ' +
    'envie o arquivo assinado sem editá-lo.',
  other_signer:
    'A assinatura deste PDF não é da pessoa que outorga o documento (nome e CPF do cadastro). Assine com a sua ' +
    'própria conta gov.br.',
  unreadable:
    'Não conseguimos ler este arquivo como um PDF assinado. Envie o PDF exatamente como o assinador devolveu.',
  tooLarge: 'O arquivo passa de 10 MB. Envie o PDF exatamente como o assinador devolveu.',
  chainNotValidated:
    'O sistema conferiu a integridade do PDF e o nome e o CPF do certificado, mas não a cadeia de certificados ' +
    'ICP-Brasil. Confira a assinatura no validador oficial do ITI.',
} as const;

/** A name as people compare them: no accents, no case, single spaces ('JOSÉ  da Silva' = 'Jose da silva'). */
export function comparableName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toUpperCase();
}
