/**
 * The seam where the verification of a gov.br-signed PDF plugs in (issue 30 item 3, branch `poa`:
 * `lambdas/documents/signed-pdf.ts`, `verifySignedPdf`). The kit's confirmation takes any function of this shape, so
 * the real one is passed in by the handler and the tests can pass theirs.
 */
export type SignedPdfVerdict =
  | {
      kind: 'digital';
      signerName: string;
      signerCpf: string;
      signedAt: string;
      issuer: string;
      chainValidated: boolean;
    }
  | { kind: 'refused'; reason: 'unsigned' | 'altered' | 'other_signer' | 'unreadable'; message: string };

export type SignedPdfVerifier = (pdf: Uint8Array, expected: { name: string; cpf: string }) => Promise<SignedPdfVerdict>;
