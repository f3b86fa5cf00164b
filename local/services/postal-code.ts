import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for ViaCEP that speaks its real shape: `GET /ws/{8 digits}/json/` → the address, 200 with
 * `{ "erro": "true" }` for a CEP it does not know, 400 for a malformed one. It knows a handful of real CEPs, enough to
 * walk the profile form (listed in the README).
 */
export const LOCAL_POSTAL_CODES: Record<string, Record<string, string>> = {
  '01001000': address('01001-000', 'Praça da Sé', 'lado ímpar', 'Sé', 'São Paulo', 'SP', 'São Paulo', '3550308'),
  '37470000': address('37470-000', '', '', '', 'São Lourenço', 'MG', 'Minas Gerais', '3163706'),
  '20040020': address('20040-020', 'Praça Pio X', '', 'Centro', 'Rio de Janeiro', 'RJ', 'Rio de Janeiro', '3304557'),
  '30130010': address(
    '30130-010',
    'Praça Sete de Setembro',
    '',
    'Centro',
    'Belo Horizonte',
    'MG',
    'Minas Gerais',
    '3106200',
  ),
  '70040010': address(
    '70040-010',
    'Setor Bancário Sul Quadra 1',
    '',
    'Asa Sul',
    'Brasília',
    'DF',
    'Distrito Federal',
    '5300108',
  ),
};

function address(
  cep: string,
  logradouro: string,
  complemento: string,
  bairro: string,
  localidade: string,
  uf: string,
  estado: string,
  ibge: string,
): Record<string, string> {
  return {
    cep,
    logradouro,
    complemento,
    unidade: '',
    bairro,
    localidade,
    uf,
    estado,
    regiao: '',
    ibge,
    gia: '',
    ddd: '',
    siafi: '',
  };
}

export type LocalPostalCode = { url: string; stop(): Promise<void> };

export async function startLocalPostalCode(opts: { port: number }): Promise<LocalPostalCode> {
  const server = createServer((request, response) => {
    const match = /^\/ws\/([^/]*)\/json\/?$/.exec(new URL(request.url ?? '/', 'http://x').pathname);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'access-control-allow-origin': '*',
      });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.method !== 'GET' || !match) return send(404, 'Not Found');
    const cep = match[1] ?? '';
    if (!/^\d{8}$/.test(cep)) return send(400, '<h1>Http 400</h1>');
    send(200, LOCAL_POSTAL_CODES[cep] ?? { erro: 'true' });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolveListen);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolveStop) => {
        server.closeAllConnections();
        server.close(() => resolveStop());
      }),
  };
}
