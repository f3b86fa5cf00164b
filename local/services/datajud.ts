import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { cnjDigits, courtOf, formatCnjNumber } from '../../domain/cnj-number.js';
import {
  escapeHtml,
  readBody,
  readInput,
  redirectOr,
  sendHtml,
  sendJson,
  startStandInServer,
} from './stand-in-http.js';

/**
 * A stand-in for the CNJ's DataJud public API that speaks its real shapes:
 *
 *   POST /api_publica_<tribunal>/_search   `Authorization: APIKey <key>` (401 otherwise), an Elasticsearch query on
 *                                          `numeroProcesso` (`match` or `term`); answers `{ took, timed_out, _shards,
 *                                          hits: { total, max_score, hits: [{ _index, _id, _score, _source }] } }`,
 *                                          `_source` with numeroProcesso, tribunal, classe, sistema, formato, grau,
 *                                          dataAjuizamento, orgaoJulgador, assuntos and movimentos[] (codigo, nome,
 *                                          dataHora, complementosTabelados). A case it does not know: no hits.
 *   /                                      a pt-BR control page: the known cases and a form to add a movement
 *   /__control/…                           switches for tests and people (not DataJud's API): add a movement (the case
 *                                          is created with its first one), fail the next searches (429 with
 *                                          Retry-After, 500, a malformed body), the searches received, reset
 *
 * Cases are kept in memory and, when `dataFile` is given, in that JSON file (npm start keeps them across restarts).
 */
export type DataJudStandInOptions = {
  /** 0 = any free port. */
  port: number;
  /** The expected API key (`Authorization: APIKey <key>`). */
  apiKey: string;
  dataFile?: string;
  log?: (line: string) => void;
};

export type DataJudStandIn = { url: string; stop(): Promise<void> };

/** One movement as DataJud's `_source.movimentos[]` carries it. */
export type StandInMovement = {
  codigo: number;
  nome: string;
  dataHora: string;
  complementosTabelados: { codigo: number; valor: number; nome: string; descricao: string }[];
};

type StandInCase = {
  numeroProcesso: string;
  tribunal: string;
  alias: string;
  dataAjuizamento: string;
  movimentos: StandInMovement[];
};

/** The movements the control page offers, by their TPU codes and names (domain/court-movements.ts translates them). */
export const STAND_IN_MOVEMENTS: Record<string, Omit<StandInMovement, 'dataHora'>> = {
  distribuicao: { codigo: 26, nome: 'Distribuição', complementosTabelados: [tipo(2, 'sorteio')] },
  liminar_concedida: { codigo: 339, nome: 'Concessão', complementosTabelados: [] },
  liminar_negada: { codigo: 792, nome: 'Não-Concessão', complementosTabelados: [] },
  liminar_revogada: { codigo: 348, nome: 'Revogação', complementosTabelados: [] },
  oficio: { codigo: 60, nome: 'Expedição de documento', complementosTabelados: [tipo(107, 'Ofício')] },
  sentenca: { codigo: 219, nome: 'Procedência', complementosTabelados: [] },
  arquivamento: { codigo: 246, nome: 'Definitivo', complementosTabelados: [] },
  conclusos: { codigo: 51, nome: 'Conclusão', complementosTabelados: [tipo(6, 'para decisão')] },
  juntada: { codigo: 85, nome: 'Petição', complementosTabelados: [tipo(57, 'Petição (outras)')] },
};

function tipo(valor: number, descricao: string) {
  return { codigo: 4, valor, nome: 'tipo', descricao };
}

const PAGE_LABELS: Record<string, string> = {
  distribuicao: 'Distribuição (26)',
  liminar_concedida: 'Liminar concedida (339)',
  liminar_negada: 'Liminar não concedida (792)',
  liminar_revogada: 'Liminar revogada (348)',
  oficio: 'Expedição de ofício (60)',
  sentenca: 'Sentença de procedência (219)',
  arquivamento: 'Arquivamento definitivo (246)',
  conclusos: 'Conclusos para decisão (51)',
  juntada: 'Juntada de petição (85)',
};

type Fault = { kind: '429' | '500' | 'malformed'; remaining: number };

const MAX_BODY_BYTES = 100_000;

/** The stand-in's control switches, for the tests (and anyone with curl). */
export function dataJudControl(url: string) {
  const post = async (path: string, body: unknown = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    addMovement: (
      numero: string,
      movement: { movimento?: string; codigo?: number; nome?: string; dataHora?: string },
    ) => post('/__control/movements', { numero, ...movement }),
    fail: (kind: '429' | '500' | 'malformed', count = 1) => post('/__control/faults', { kind, count }),
    clearFaults: () => post('/__control/faults/clear'),
    reset: () => post('/__control/reset'),
    searches: async () =>
      (await (await fetch(`${url}/__control/searches`)).json()) as {
        at: string;
        alias: string;
        numeroProcesso: string | null;
        status: number;
      }[],
  };
}

export async function startDataJudStandIn(options: DataJudStandInOptions): Promise<DataJudStandIn> {
  const cases = new Map<string, StandInCase>(loadCases(options.dataFile));
  const faults: Fault[] = [];
  const searches: { at: string; alias: string; numeroProcesso: string | null; status: number }[] = [];
  const save = () => {
    if (!options.dataFile) return;
    mkdirSync(dirname(options.dataFile), { recursive: true });
    writeFileSync(options.dataFile, JSON.stringify([...cases.values()], null, 2));
  };

  const addMovement = (input: Record<string, unknown>): { status: number; body: unknown } => {
    const digits = cnjDigits(String(input.numero ?? ''));
    const court = digits ? courtOf(digits) : undefined;
    if (!digits || !court) return { status: 400, body: { error: 'numero: a CNJ number of a known court' } };
    const preset = STAND_IN_MOVEMENTS[String(input.movimento ?? '')];
    const codigo = preset?.codigo ?? Number(input.codigo);
    const nome = preset?.nome ?? String(input.nome ?? '').trim();
    if (!Number.isInteger(codigo) || !nome) return { status: 400, body: { error: 'movimento, or codigo and nome' } };
    const at = input.dataHora ? new Date(String(input.dataHora)) : new Date();
    if (Number.isNaN(at.getTime())) return { status: 400, body: { error: 'dataHora: ISO-8601' } };
    const existing = cases.get(digits);
    const found: StandInCase = existing ?? {
      numeroProcesso: digits,
      tribunal: court.acronym,
      alias: court.datajudAlias,
      dataAjuizamento: compactDate(at),
      movimentos: [],
    };
    const movement: StandInMovement = {
      codigo,
      nome,
      dataHora: at.toISOString(),
      complementosTabelados: preset?.complementosTabelados ?? [],
    };
    found.movimentos.push(movement);
    cases.set(digits, found);
    save();
    options.log?.(`DataJud stand-in: ${formatCnjNumber(digits)} ← ${codigo} ${nome}`);
    return { status: 200, body: { numeroProcesso: digits, movimento: movement } };
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://x');
    const search = /^\/(api_publica_[a-z0-9]+)\/_search\/?$/.exec(url.pathname);
    if (search && request.method === 'POST') return handleSearch(request, response, search[1]!);
    if (url.pathname === '/' && request.method === 'GET')
      return sendHtml(response, 200, controlPage([...cases.values()]));
    if (url.pathname === '/__control/movements' && request.method === 'POST') {
      const input = await readInput(request, MAX_BODY_BYTES);
      const result = addMovement(input);
      return redirectOr(response, input, result.status, result.body);
    }
    if (url.pathname === '/__control/faults' && request.method === 'POST') {
      const input = await readInput(request, MAX_BODY_BYTES);
      const kind = String(input.kind) as Fault['kind'];
      if (!['429', '500', 'malformed'].includes(kind))
        return sendJson(response, 400, { error: 'kind: 429 | 500 | malformed' });
      faults.push({ kind, remaining: Math.max(1, Number(input.count ?? 1)) });
      return sendJson(response, 200, { faults });
    }
    if (url.pathname === '/__control/faults/clear' && request.method === 'POST') {
      faults.length = 0;
      return sendJson(response, 200, { faults });
    }
    if (url.pathname === '/__control/searches' && request.method === 'GET') return sendJson(response, 200, searches);
    if (url.pathname === '/__control/reset' && request.method === 'POST') {
      cases.clear();
      faults.length = 0;
      searches.length = 0;
      save();
      return sendJson(response, 200, { ok: true });
    }
    sendJson(response, 404, { error: 'not found' });
  }

  async function handleSearch(request: IncomingMessage, response: ServerResponse, alias: string): Promise<void> {
    const body = await readBody(request, MAX_BODY_BYTES);
    const numero = numeroOf(body);
    const record = (status: number) =>
      searches.push({ at: new Date().toISOString(), alias, numeroProcesso: numero, status });
    if (request.headers.authorization !== `APIKey ${options.apiKey}`) {
      record(401);
      return sendJson(response, 401, { error: 'unauthorized' });
    }
    const fault = faults[0];
    if (fault) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults.shift();
      if (fault.kind === '429') {
        record(429);
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
        return void response.end(JSON.stringify({ error: 'Too Many Requests' }));
      }
      if (fault.kind === '500') {
        record(500);
        return sendJson(response, 500, { error: 'internal' });
      }
      record(200);
      return sendJson(response, 200, { hits: { hits: [{ _source: { movimentos: 'not a list' } }] } });
    }
    if (numero === null) {
      record(400);
      return sendJson(response, 400, {
        error: { type: 'parsing_exception', reason: 'query on numeroProcesso expected' },
      });
    }
    record(200);
    const found = cases.get(numero);
    const hits = found && found.alias === alias ? [hitOf(found)] : [];
    sendJson(response, 200, {
      took: 3,
      timed_out: false,
      _shards: { total: 7, successful: 7, skipped: 0, failed: 0 },
      hits: { total: { value: hits.length, relation: 'eq' }, max_score: hits.length ? 14.2 : null, hits },
    });
  }

  return startStandInServer({ port: options.port, name: 'DataJud stand-in', log: options.log, handle });
}

function hitOf(found: StandInCase) {
  return {
    _index: found.alias,
    _id: `${found.tribunal}_436_G1_0000_${found.numeroProcesso}`,
    _score: 14.2,
    _source: {
      numeroProcesso: found.numeroProcesso,
      classe: { codigo: 436, nome: 'Procedimento do Juizado Especial Cível' },
      sistema: { codigo: 1, nome: 'Pje' },
      formato: { codigo: 1, nome: 'Eletrônico' },
      tribunal: found.tribunal,
      dataHoraUltimaAtualizacao: found.movimentos.at(-1)?.dataHora ?? new Date().toISOString(),
      grau: 'JE',
      '@timestamp': new Date().toISOString(),
      dataAjuizamento: found.dataAjuizamento,
      movimentos: found.movimentos,
      id: `${found.tribunal}_436_JE_0000_${found.numeroProcesso}`,
      nivelSigilo: 0,
      orgaoJulgador: { codigoMunicipioIBGE: 3163706, codigo: 1234, nome: 'Juizado Especial Cível de São Lourenço' },
      assuntos: [{ codigo: 6226, nome: 'Inclusão Indevida em Cadastro de Inadimplentes' }],
    },
  };
}

/** DataJud writes `dataAjuizamento` as `yyyyMMddHHmmss`. */
function compactDate(at: Date): string {
  return at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function numeroOf(body: unknown): string | null {
  const query = (body as { query?: Record<string, Record<string, unknown>> } | null)?.query;
  const value = query?.match?.numeroProcesso ?? query?.term?.numeroProcesso;
  const text = typeof value === 'object' && value !== null ? (value as { query?: unknown }).query : value;
  return typeof text === 'string' && /^\d{20}$/.test(text) ? text : null;
}

function loadCases(dataFile: string | undefined): [string, StandInCase][] {
  if (!dataFile) return [];
  try {
    const stored = JSON.parse(readFileSync(dataFile, 'utf8')) as StandInCase[];
    return stored.map((found) => [found.numeroProcesso, found]);
  } catch {
    return [];
  }
}

function controlPage(cases: StandInCase[]): string {
  const options = Object.entries(PAGE_LABELS)
    .map(([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`)
    .join('');
  const rows = cases
    .map(
      (found) => `<section><h2>${escapeHtml(formatCnjNumber(found.numeroProcesso))} · ${escapeHtml(found.tribunal)}</h2>
<ol>${found.movimentos
        .map(
          (m) =>
            `<li><time>${escapeHtml(m.dataHora)}</time> · <code>${m.codigo}</code> ${escapeHtml(m.nome)}${m.complementosTabelados
              .map((c) => ` — ${escapeHtml(c.descricao)}`)
              .join('')}</li>`,
        )
        .join('')}</ol></section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>DataJud (simulador local)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1.5rem auto;padding:0 1rem;color:#1f2937}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input,select,button{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;background:#1d4ed8;color:#fff;border:0;border-radius:.375rem;cursor:pointer;min-height:44px}
section{border-top:1px solid #e5e7eb;margin-top:1.5rem}code{background:#f3f4f6;padding:0 .25rem}</style></head>
<body><h1>DataJud — simulador local</h1>
<p>Responde como a API pública do CNJ (<code>POST /api_publica_&lt;tribunal&gt;/_search</code>). Um processo passa a existir aqui com a sua primeira movimentação. Depois, rode <code>npm run court-sync</code> (ou espere o agendamento).</p>
<form method="post" action="/__control/movements">
<input type="hidden" name="redirect" value="/">
<label for="numero">Número do processo (CNJ)</label>
<input id="numero" name="numero" required placeholder="0000000-00.0000.8.13.0000">
<label for="movimento">Movimentação</label>
<select id="movimento" name="movimento">${options}</select>
<button type="submit">Adicionar movimentação</button>
</form>
${rows || '<p>Nenhum processo publicado ainda.</p>'}
</body></html>`;
}
