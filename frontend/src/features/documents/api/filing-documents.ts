import { useMutation } from '@tanstack/react-query';
import { getFilingDocumentRoute } from '@domain/api/filing-documents.js';
import type { FilingDocumentKind } from '@domain/filing-documents.js';
import { apiCall } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** The caller's procuração or declaração, generated from their profile at each call. */
export function fetchFilingDocument(kind: FilingDocumentKind, signal?: AbortSignal) {
  return apiCall(getFilingDocumentRoute, { params: { kind }, signal });
}

/** 'Baixar procuração (PDF)': fetches the document and saves it as a file; the caller shows a refusal (409). */
export function useDownloadFilingDocument() {
  return useMutation({
    mutationFn: async (kind: FilingDocumentKind) => {
      const document = await fetchFilingDocument(kind);
      const bytes = Uint8Array.from(atob(document.pdf_base64), (character) => character.charCodeAt(0));
      downloadFile(document.file_name, bytes, document.content_type);
    },
  });
}
