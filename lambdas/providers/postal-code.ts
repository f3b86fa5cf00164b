import * as z from 'zod';
import { httpJson, HttpUnavailableError, type RetryPolicy } from './http-json.js';

/** ViaCEP's public JSON API. The stack takes another by configuration (`postalCodeApiUrl`). */
export const VIACEP_URL = 'https://viacep.com.br';

export type PostalAddress = {
  /** 8 digits. */
  cep: string;
  street: string;
  complement: string;
  neighborhood: string;
  city: string;
  /** Two-letter state code (UF). */
  state: string;
};

/** Looks a CEP up: its address, or `null` for a CEP the service does not know. */
export type PostalCodeLookup = (cep: string) => Promise<PostalAddress | null>;

/** The service could not answer (down, slow, or blocking us): the form goes on without autofill. */
export class PostalCodeUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Postal-code service unavailable', options);
    this.name = 'PostalCodeUnavailableError';
  }
}

// ViaCEP answers an unknown CEP with 200 and `erro` (seen as true and as "true").
const viaCepSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }).loose(),
  z
    .object({
      cep: z.string(),
      logradouro: z.string().default(''),
      complemento: z.string().default(''),
      bairro: z.string().default(''),
      localidade: z.string(),
      uf: z.string().length(2),
    })
    .loose(),
]);

export type PostalCodeOptions = {
  baseUrl: string;
  /** How many answers to keep (ViaCEP blocks IPs that call it often; addresses hardly change). */
  cacheSize?: number;
  timeoutMs?: number;
  retry?: RetryPolicy;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * ViaCEP behind the PostalCodeLookup interface, with a per-container LRU cache of answers (unknown CEPs included).
 * Failures are not cached: the next request tries again.
 */
export function createViaCepLookup(options: PostalCodeOptions): PostalCodeLookup {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const cacheSize = options.cacheSize ?? 1000;
  const cache = new Map<string, PostalAddress | null>();

  return async (input) => {
    const cep = input.replace(/\D/g, '');
    if (cep.length !== 8) return null;
    if (cache.has(cep)) {
      const hit = cache.get(cep) as PostalAddress | null;
      cache.delete(cep);
      cache.set(cep, hit);
      return hit;
    }
    let response;
    try {
      response = await httpJson(`${baseUrl}/ws/${cep}/json/`, {
        method: 'GET',
        timeoutMs: options.timeoutMs ?? 3000,
        retry: options.retry ?? { attempts: 2, baseDelayMs: 200, maxDelayMs: 1000 },
        fetch: options.fetch,
        sleep: options.sleep,
      });
    } catch (error) {
      if (error instanceof HttpUnavailableError) throw new PostalCodeUnavailableError({ cause: error });
      throw error;
    }
    if (response.status === 400) return remember(cep, null);
    const parsed = response.status === 200 ? viaCepSchema.safeParse(response.body) : undefined;
    if (!parsed?.success) throw new PostalCodeUnavailableError();
    const body = parsed.data;
    if ('erro' in body) return remember(cep, null);
    return remember(cep, {
      cep,
      street: body.logradouro,
      complement: body.complemento,
      neighborhood: body.bairro,
      city: body.localidade,
      state: body.uf.toUpperCase(),
    });
  };

  function remember(cep: string, address: PostalAddress | null): PostalAddress | null {
    cache.set(cep, address);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
    return address;
  }
}
