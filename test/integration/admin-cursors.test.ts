import { describe, expect, it } from 'vitest';
import { listAdminClientsRoute } from '../../domain/api/admin-clients.js';
import { listAdminChargesRoute } from '../../domain/api/admin-finance.js';
import { listAdminProcessesRoute } from '../../domain/api/admin-processes.js';
import { getAdminReconciliationRoute } from '../../domain/api/admin-reconciliation.js';
import { listAdminReferralsRoute } from '../../domain/api/admin-referrals.js';
import type { RouteContract } from '../../domain/api/route.js';
import { ADMIN_MESSAGES } from '../../domain/messages.js';
import { handler as listClients } from '../../lambdas/admin/clients/list-admin-clients.js';
import { handler as getReconciliation } from '../../lambdas/admin/finance/get-admin-reconciliation.js';
import { handler as listCharges } from '../../lambdas/admin/finance/list-admin-charges.js';
import { handler as listProcesses } from '../../lambdas/admin/processes/list-admin-processes.js';
import { handler as listReferrals } from '../../lambdas/admin/referrals/list-admin-referrals.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { adminClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';

const db = testDb();
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** Cursors no list ever gave: not base64url JSON, not an object, other attributes, other types, another partition. */
const FORGED: [string, string][] = [
  ['junk', 'not a cursor!!'],
  ['JSON that is not an object', cursorOf(['pk', 'sk'])],
  ['a string', cursorOf('CUSTOMER#x')],
  ['the table key only', cursorOf({ pk: 'CUSTOMER#x', sk: 'PROFILE' })],
  ['an extra attribute', cursorOf({ pk: 'a', sk: 'b', gsi1pk: keys.typeList('PROFILE'), gsi1sk: 'c', x: 'd' })],
  ['a number and an object', cursorOf({ pk: 1, sk: { S: 'b' }, gsi1pk: keys.typeList('PROFILE'), gsi1sk: 'c' })],
  ['a partition no list pages', cursorOf({ pk: 'a', sk: 'b', gsi1pk: 'TYPE#NOTHING', gsi1sk: 'c' })],
  ['an empty partition', cursorOf({ pk: 'a', sk: 'b', gsi1pk: '', gsi1sk: '' })],
];

type Case = [string, RouteContract, Parameters<typeof callRoute>[1], 'body' | 'query'];
const LISTS: Case[] = [
  ['clients', listAdminClientsRoute, listClients, 'body'],
  ['processes', listAdminProcessesRoute, listProcesses, 'body'],
  ['charges', listAdminChargesRoute, listCharges, 'body'],
  ['referrals', listAdminReferralsRoute, listReferrals, 'body'],
  ['divergences', getAdminReconciliationRoute, getReconciliation, 'query'],
];

describe('admin lists: a forged cursor is a 400 in Portuguese, never a 500', () => {
  for (const [list, contract, handler, where] of LISTS) {
    it.each(FORGED)(`${list}: %s`, async (_name, cursor) => {
      const input = where === 'body' ? { body: { cursor } } : { query: { cursor } };
      const error = errorOf(await callRoute(contract, handler, { claims: adminClaims(), ...input }));
      expect(error).toMatchObject({
        status: 400,
        code: 'validation',
        message: ADMIN_MESSAGES.invalidCursor,
      });
    });
  }

  it('a cursor of the status filter is not one of the whole list, and a real cursor still pages', async () => {
    for (let i = 0; i < 3; i++) await seedCustomer(db);
    const first = okBody(
      await callRoute(listAdminProcessesRoute, listProcesses, { claims: adminClaims(), body: { status: 'cadastro' } }),
    );
    const cursor =
      first.cursor ?? cursorOf({ pk: 'a', sk: 'b', gsi2pk: keys.statusList('PROCESS', 'cadastro'), gsi2sk: 'c' });
    // The same cursor against the unfiltered list (another index) is refused…
    expect(
      errorOf(await callRoute(listAdminProcessesRoute, listProcesses, { claims: adminClaims(), body: { cursor } })),
    ).toMatchObject({ status: 400, message: ADMIN_MESSAGES.invalidCursor });
    // …and against another status.
    expect(
      errorOf(
        await callRoute(listAdminProcessesRoute, listProcesses, {
          claims: adminClaims(),
          body: { cursor, status: 'pago' },
        }),
      ),
    ).toMatchObject({ status: 400 });
    // Where it belongs it pages on.
    const page = await callRoute(listAdminProcessesRoute, listProcesses, {
      claims: adminClaims(),
      body: { cursor, status: 'cadastro' },
    });
    expect(page.status).toBe(200);
  });

  it('a charges cursor outside the period asked is refused, not sent to DynamoDB', async () => {
    const cursor = cursorOf({
      pk: 'a',
      sk: 'b',
      gsi1pk: keys.typeList('CHARGE'),
      gsi1sk: '2001-01-01T00:00:00.000Z#x',
    });
    const error = errorOf(
      await callRoute(listAdminChargesRoute, listCharges, {
        claims: adminClaims(),
        body: { cursor, from: '2040-01-01', to: '2040-01-31' },
      }),
    );
    expect(error).toMatchObject({ status: 400, message: ADMIN_MESSAGES.invalidCursor });
  });
});
