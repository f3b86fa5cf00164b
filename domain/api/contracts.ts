import * as z from 'zod';
import { CONTRACT_MESSAGES, WITHDRAWAL_MESSAGES } from '../messages.js';
import { PROCESS_STATUSES } from '../process-status.js';
import { chargeSchema, contractSchema } from '../schemas/entities.js';
import { SETTLEMENT_OUTCOMES } from '../withdrawal.js';
import { defineRoute } from './route.js';

export const contractIdSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, CONTRACT_MESSAGES.notFoundOrSigned);

/**
 * What signing sends: the words of the checkbox the customer ticked, which the server records with the evidence. Only
 * the current words are accepted, so what is recorded is what the screen showed; anything else (nothing ticked, an old
 * tab with other words) is a 400 naming the field.
 */
export const signContractBodySchema = z.object({
  aceite: z.literal(CONTRACT_MESSAGES.consentLabel, { error: CONTRACT_MESSAGES.consentRequired }),
});

/**
 * Signs one of the caller's contracts; the evidence (IP, location, user agent, text hash, the acceptance) is taken by
 * the server.
 */
export const signContractRoute = defineRoute({
  id: 'SignContract',
  method: 'POST',
  path: '/me/contracts/{contractId}/signature',
  access: 'customer',
  params: z.object({ contractId: contractIdSchema }),
  body: signContractBodySchema,
  response: z.object({
    contract: contractSchema,
    processStatus: z.enum(PROCESS_STATUSES),
    /** Where the spec sends the customer next: the payment, or the dashboard for a free renewal. */
    next: z.enum(['/app/pagamento', '/app/dashboard']),
  }),
});

/**
 * 'Cancelar contrato' (direito de arrependimento): the server decides again and answers 409 with the reason outside the
 * window; the money is settled at Asaas (`settlement`), or 503 when Asaas cannot be reached (cancelled anyway; retry).
 */
export const cancelContractRoute = defineRoute({
  id: 'CancelContract',
  method: 'POST',
  path: '/me/contracts/{contractId}/cancellation',
  access: 'customer',
  params: z.object({
    contractId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, WITHDRAWAL_MESSAGES.contractNotFound),
  }),
  response: z.object({
    contract: contractSchema,
    charge: chargeSchema.omit({ qr_code: true }).nullable(),
    settlement: z.enum(SETTLEMENT_OUTCOMES),
  }),
});

/** A fresh, short-lived link to a signed contract's stored PDF (the one whose text the signature hashed). */
export const contractPdfSchema = z.object({ protocolo: z.string(), pdf_url: z.url() });

/** 'Baixar contrato assinado (PDF)' on /app/contrato: the caller's own signed contract; 404 for anything else. */
export const getContractPdfRoute = defineRoute({
  id: 'GetContractPdf',
  method: 'GET',
  path: '/me/contracts/{contractId}/pdf',
  access: 'customer',
  params: z.object({ contractId: contractIdSchema }),
  response: contractPdfSchema,
});

/** Where the 'Contrato assinado' e-mail's link opens in the SPA: `/contrato/<token>`. */
export const CONTRACT_LINK_PAGE = '/contrato';

/**
 * The signed contract from the 'Contrato assinado' e-mail's link, without signing in: the token names the contract and
 * is signed by the server; 404 → `CONTRACT_LINK_MESSAGES.invalid` for a tampered, expired or malformed token and for a
 * contract (or PDF) no longer held, alike.
 */
export const downloadContractByLinkRoute = defineRoute({
  id: 'DownloadContractByLink',
  method: 'GET',
  path: '/public/contracts/pdf/{token}',
  access: 'public',
  // Any string: a malformed token is a 404 like a tampered one, decided by the service.
  params: z.object({ token: z.string() }),
  response: contractPdfSchema,
});
