import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ADMIN_SEARCH_PAGE_SIZE, searchAdminRoute } from '../../domain/api/admin-search.js';
import { formatDocument } from '../../domain/documents.js';
import { ADMIN_MESSAGES } from '../../domain/messages.js';
import { handler as searchAdmin } from '../../lambdas/admin/search/search-admin.js';
import { nextProtocol } from '../../lambdas/shared/data/contracts.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { cnjSearchTokenItem } from '../../lambdas/shared/data/processes.js';
import { adminClaims, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';

const db = testDb();

const search = (q: string, cursor?: string) =>
  callRoute(searchAdminRoute, searchAdmin, { claims: adminClaims(), body: cursor ? { q, cursor } : { q } });

describe('the admin search (POST /admin/search, pattern 86)', () => {
  it('finds a client by a piece of a protocol, a masked CPF and a CNJ number, grouped with the process status', async () => {
    // A protocol whose first six random characters are letters, so the piece typed below ('DXAF-KK') has a dash and no
    // digit: such a piece is not a document to the search's needle rule (it once went unfound, one run in ten).
    let protocolo = nextProtocol(new Date());
    while (!/^LM\d{8}-[A-Z]{4}-[A-Z]{2}/.test(protocolo)) protocolo = nextProtocol(new Date());
    const client = await seedCustomer(db, { cpf: generateCpf() }, { protocolo });
    const [, first, second] = client.contract.protocolo.split('-');
    // The CNJ number, as the move to 'peticionado' records it with its token.
    const numeroCnj = `${String(Date.now()).slice(-7)}-56.2026.8.26.0100`;
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.tableName,
              Key: { pk: keys.customer(client.userId), sk: keys.processSk(client.contract.id) },
              UpdateExpression: 'SET numero_cnj = :cnj',
              ExpressionAttributeValues: { ':cnj': numeroCnj },
            },
          },
          { Put: { TableName: db.tableName, Item: cnjSearchTokenItem(client.userId, numeroCnj) } },
        ],
      }),
    );

    const expected = {
      profile_id: client.profile.id,
      nome_completo: client.profile.nome_completo,
      documento_mascarado: expect.stringMatching(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/),
      processes: [{ protocolo: client.contract.protocolo, status: 'cadastro', numero_cnj: numeroCnj }],
    };
    for (const term of [
      `${first}-${second!.slice(0, 2)}`,
      second!.toLowerCase(),
      formatDocument(client.profile.cpf),
      client.profile.cpf,
      numeroCnj,
      numeroCnj.replace(/\D/g, ''),
    ]) {
      const { results } = okBody(await search(term));
      expect(
        results.find((result) => result.profile_id === client.profile.id),
        term,
      ).toMatchObject(expected);
    }
  });

  it('pages through every match instead of stopping at 25', async () => {
    const word = `Pagin${ulid().slice(-6).toLowerCase().replace(/\d/g, 'x')}`;
    const clients = await Promise.all(
      Array.from({ length: ADMIN_SEARCH_PAGE_SIZE + 5 }, () =>
        seedCustomer(db, { nome_completo: `Ana ${word} Souza`, cpf: generateCpf() }),
      ),
    );
    const found = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = okBody(await search(word, cursor));
      for (const result of page.results) found.add(result.profile_id);
      cursor = page.cursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThan(1);
    expect([...found].sort()).toEqual(clients.map((client) => client.profile.id).sort());
  });

  it('refuses a term too short, a forged cursor, and a customer', async () => {
    expect(errorOf(await search('a'))).toMatchObject({ status: 400, message: ADMIN_MESSAGES.searchTooShort });
    expect(errorOf(await search('maria', 'bm90LWEtY3Vyc29y'))).toMatchObject({
      status: 400,
      message: ADMIN_MESSAGES.invalidCursor,
    });
    const customer = await callRoute(searchAdminRoute, searchAdmin, {
      claims: customerClaims(),
      body: { q: 'maria' },
    });
    expect(errorOf(customer).status).toBe(403);
  });
});
