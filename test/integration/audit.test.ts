import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { auditPut, auditTrailOf, recordAdminAction } from '../../lambdas/shared/data/audit.js';
import { testDb } from './db.js';

const db = testDb();
const actor = { userId: 'admin-sub', email: 'admin@baixa.local' };

describe('the audit trail', () => {
  it('keeps each admin action with actor, time, target and before/after, newest first', async () => {
    const client = ulid();
    await recordAdminAction(db, {
      at: '2026-11-23T10:00:00.000Z',
      actor,
      action: 'process-status',
      targetUserId: client,
      target: { type: 'process', id: 'p1' },
      before: { status: 'pago' },
      after: { status: 'peticionado' },
    });
    // Written inside the transaction of the change it records.
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          auditPut(db, {
            at: '2026-11-23T11:00:00.000Z',
            actor,
            action: 'charge-mark-paid',
            targetUserId: client,
            target: { type: 'charge', id: 'c1' },
            before: { status: 'PENDING' },
            after: { status: 'CONFIRMED' },
          }),
        ],
      }),
    );
    const trail = await auditTrailOf(db, client);
    expect(trail.map((entry) => entry.action)).toEqual(['charge-mark-paid', 'process-status']);
    expect(trail[1]).toMatchObject({ actor, target: { type: 'process', id: 'p1' }, after: { status: 'peticionado' } });
    expect(await auditTrailOf(db, ulid())).toEqual([]);
  });
});
