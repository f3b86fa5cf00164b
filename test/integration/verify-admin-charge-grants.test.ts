import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { verifyAdminChargeRoute } from '../../domain/api/admin-finance.js';
import { handler as verifyCharge } from '../../lambdas/admin/finance/verify-admin-charge.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { moveChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { getCharge } from '../../lambdas/shared/data/charges.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus, getProcess } from '../../lambdas/shared/data/processes.js';
import { adminClaims } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';
import { recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { guardLambdaTableAs, testDb } from './db.js';
import { seedCustomer, seedSignature } from './seed.js';

/**
 * VerifyAdminCharge ('Verificar' on /admin/financeiro) under its own table grants: a chargeback it finds on
 * a filed process raises the admins' alert (pattern 49), so its grants must reach `ADMIN_ALERT#` as the webhook's do.
 */
guardLambdaTableAs('VerifyAdminCharge');
const db = testDb();
const sim = useAsaasSimulator();

describe('VerifyAdminCharge, within its key prefixes', () => {
  it('finds a chargeback on a filed process: the charge moves, the process stays, the alert is stored', async () => {
    const { userId, contract, profile } = await seedCustomer(db);
    await seedSignature(db, { userId, contract });
    const { charge } = await createChargeForContract(
      { db, clock: () => new Date(), asaas: sim.asaas, workflow: recordingWorkflow() },
      { userId, email: profile.email, isAdmin: false },
      contract.id,
    );
    const ref = { userId, contractId: contract.id, chargeId: charge!.id };
    await sim.control(`payments/${charge!.asaas_id}/pay`);
    await moveChargeStatus(db, ref, 'RECEIVED', new Date().toISOString(), { freshRead: true });
    await changeProcessStatus(db, { ref, to: 'peticionado', byUser: 'admin-1', now: new Date().toISOString() });
    await sim.control(`payments/${charge!.asaas_id}/chargeback`);

    const verified = okBody(
      await callRoute(verifyAdminChargeRoute, verifyCharge, { claims: adminClaims(), params: ref }),
    );

    expect(verified).toMatchObject({ pago: false, charge: { status: 'CHARGEBACK_REQUESTED' } });
    expect((await getCharge(db, ref))?.status).toBe('CHARGEBACK_REQUESTED');
    expect((await getProcess(db, ref))?.status).toBe('peticionado');
    const alertId = `estorno-apos-peticao#${charge!.id}#returned`;
    const { Item: alert } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.adminAlert(alertId)) }),
    );
    expect(alert).toMatchObject({ subject: expect.stringContaining(contract.protocolo) });
  });
});
