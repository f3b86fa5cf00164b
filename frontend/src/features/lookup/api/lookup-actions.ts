// First: no schema may be made before zod is told not to compile (lib/zod-jitless.ts).
import '@/lib/zod-jitless';
import { lookupProcessRoute } from '@domain/api/lookup.js';
import { issueNadaConstaRoute } from '@domain/api/nada-consta.js';
import type { LookupResult } from '@domain/lookup.js';
import type { NadaConstaIssued } from '@domain/nada-consta.js';
import { apiCall } from '@/lib/api-client';

/**
 * The lookup page's calls. Loaded on the first search (not with the page), so the route contracts and their schema
 * library never delay the page's first paint.
 */
export function lookupProcess(consulta: string): Promise<LookupResult> {
  return apiCall(lookupProcessRoute, { body: { consulta } });
}

export function issueNadaConsta(body: {
  protocolo: string;
  email: string;
  a: number;
  b: number;
  answer: number;
}): Promise<NadaConstaIssued> {
  return apiCall(issueNadaConstaRoute, { body });
}

export { NadaConstaDialog } from '../components/nada-consta-dialog';
export { Toaster } from '@/components/toaster';
export { toast } from '@/lib/toast';
