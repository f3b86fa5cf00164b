import * as z from 'zod';
import { httpJson, HttpUnavailableError, type RetryPolicy } from './http-json.js';

/**
 * The CNJ's DataJud public API (https://datajud-wiki.cnj.jus.br/api-publica/): one Elasticsearch index per court
 * (`api_publica_<tribunal>`), searched with `POST /<alias>/_search` and `Authorization: APIKey <key>`; each hit's
 * `_source` is one case (per degree of jurisdiction) with its movements. The stack takes another base URL by
 * configuration (`datajudApiUrl`); locally it is the stand-in in local/services/datajud.ts.
 */
export const DATAJUD_URL = 'https://api-publica.datajud.cnj.jus.br';

/** One movement as DataJud publishes it, with the complements as `nome: descricao` text. */
export type DataJudMovement = {
  codigo: number | null;
  nome: string;
  dataHora: string;
  complementos: string[];
};

export type DataJudCase = {
  numeroProcesso: string;
  tribunal: string;
  classe: string | null;
  orgaoJulgador: string | null;
  dataAjuizamento: string | null;
  movimentos: DataJudMovement[];
  /** Movements left out because their shape was not DataJud's (a malformed entry never hides the others). */
  skipped: number;
};

/** Looks a case up in its court's index by its 20 digits: the case, or null while DataJud does not know it. */
export type DataJud = { findCase(alias: string, digits: string): Promise<DataJudCase | null> };

/** DataJud gave no usable answer: down, slow, rate-limiting us (after the retries), or a body that is not its shape. */
export class DataJudUnavailableError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'rate_limited' | 'malformed',
    options?: { cause?: unknown },
  ) {
    super(`DataJud ${reason}`, options);
    this.name = 'DataJudUnavailableError';
  }
}

const complementSchema = z
  .object({
    nome: z.string().optional(),
    descricao: z.string().optional(),
    valor: z.union([z.string(), z.number()]).optional(),
  })
  .loose();

const movementSchema = z
  .object({
    codigo: z.number().int().nullish(),
    nome: z.string().min(1),
    dataHora: z.iso.datetime({ offset: true, local: true }),
    complementosTabelados: z.array(complementSchema).nullish(),
  })
  .loose();

const namedSchema = z.object({ nome: z.string() }).loose().nullish();

const sourceSchema = z
  .object({
    numeroProcesso: z.string(),
    tribunal: z.string().nullish(),
    classe: namedSchema,
    orgaoJulgador: namedSchema,
    dataAjuizamento: z.string().nullish(),
    movimentos: z.array(z.unknown()).nullish(),
  })
  .loose();

const searchSchema = z.object({
  hits: z.object({ hits: z.array(z.object({ _source: z.unknown() }).loose()) }).loose(),
});

export type DataJudOptions = {
  baseUrl: string;
  /** The public API key (Secrets Manager on AWS; the CNJ publishes and changes it). */
  apiKey: () => Promise<string>;
  timeoutMs?: number;
  retry?: RetryPolicy;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

export function createDataJud(options: DataJudOptions): DataJud {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return {
    async findCase(alias, digits) {
      if (!/^api_publica_[a-z0-9]+$/.test(alias)) throw new RangeError(`Not a DataJud index alias: ${alias}`);
      let response;
      try {
        response = await httpJson(`${baseUrl}/${alias}/_search`, {
          method: 'POST',
          headers: { authorization: `APIKey ${await options.apiKey()}` },
          body: { query: { match: { numeroProcesso: digits } } },
          timeoutMs: options.timeoutMs ?? 15_000,
          // A search is a read: retried with backoff on 429/5xx (Retry-After honoured), then left to the next run.
          retry: options.retry ?? { attempts: 3, baseDelayMs: 2_000, maxDelayMs: 30_000 },
          fetch: options.fetch,
          sleep: options.sleep,
        });
      } catch (error) {
        if (error instanceof HttpUnavailableError) {
          throw new DataJudUnavailableError(error.lastStatus === 429 ? 'rate_limited' : 'unavailable', {
            cause: error,
          });
        }
        throw error;
      }
      if (response.status !== 200) throw new DataJudUnavailableError('unavailable');
      const search = searchSchema.safeParse(response.body);
      if (!search.success) throw new DataJudUnavailableError('malformed', { cause: search.error });
      const sources = search.data.hits.hits
        .map((hit) => sourceSchema.safeParse(hit._source))
        .flatMap((parsed) => (parsed.success && parsed.data.numeroProcesso === digits ? [parsed.data] : []));
      if (search.data.hits.hits.length > 0 && sources.length === 0) throw new DataJudUnavailableError('malformed');
      if (sources.length === 0) return null;
      return mergeDegrees(digits, sources);
    },
  };
}

/** One case may be one document per degree (G1, G2): their movements together, the first degree's details. */
function mergeDegrees(digits: string, sources: z.infer<typeof sourceSchema>[]): DataJudCase {
  const first = sources[0]!;
  const movimentos: DataJudMovement[] = [];
  let skipped = 0;
  for (const source of sources) {
    for (const raw of source.movimentos ?? []) {
      const parsed = movementSchema.safeParse(raw);
      if (!parsed.success) {
        skipped += 1;
        continue;
      }
      movimentos.push({
        codigo: parsed.data.codigo ?? null,
        nome: parsed.data.nome,
        dataHora: new Date(parsed.data.dataHora).toISOString(),
        complementos: (parsed.data.complementosTabelados ?? []).map((complement) =>
          [complement.nome, complement.descricao ?? (complement.valor === undefined ? '' : String(complement.valor))]
            .filter((part) => part !== undefined && part !== '')
            .join(': '),
        ),
      });
    }
  }
  return {
    numeroProcesso: digits,
    tribunal: first.tribunal ?? '',
    classe: first.classe?.nome ?? null,
    orgaoJulgador: first.orgaoJulgador?.nome ?? null,
    dataAjuizamento: first.dataAjuizamento ?? null,
    movimentos,
    skipped,
  };
}
