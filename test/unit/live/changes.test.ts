import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { changeOf } from '../../../lambdas/live/changes.js';

type Image = Record<string, unknown>;
const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', next?: Image, previous?: Image): DynamoDBRecord => ({
  eventName,
  dynamodb: {
    SequenceNumber: '100',
    NewImage: next ? (marshall(next) as never) : undefined,
    OldImage: previous ? (marshall(previous) as never) : undefined,
  },
});

const history = {
  pk: 'CUSTOMER#u-1',
  sk: 'CONTRACT#01JCONTRACT#PROCESS#HISTORY#2026-11-23T12:00:00.000Z#01JHISTORY',
  type: 'HISTORY',
  processo_id: 'p-1',
  de: 'pago',
  para: 'peticionado',
  obs: 'Petição protocolada.',
  by_user: 'admin-7',
};
const charge = { pk: 'CUSTOMER#u-1', sk: 'CONTRACT#01JCONTRACT#CHARGE#01JCHARGE', type: 'CHARGE', status: 'RECEIVED' };

describe('changeOf (a stream record → what a customer hears about)', () => {
  it('reads an inserted history record as one process status change, with its actor and note', () => {
    expect(changeOf(record('INSERT', history))).toEqual({
      kind: 'process-status',
      userId: 'u-1',
      contractId: '01JCONTRACT',
      changeId: '01JHISTORY',
      from: 'pago',
      to: 'peticionado',
      obs: 'Petição protocolada.',
      byUser: 'admin-7',
    });
  });

  it('reads a charge whose status changed, and a new charge', () => {
    const expected = { kind: 'charge-status', userId: 'u-1', contractId: '01JCONTRACT', chargeId: '01JCHARGE' };
    expect(changeOf(record('MODIFY', charge, { ...charge, status: 'PENDING' }))).toEqual({
      ...expected,
      status: 'RECEIVED',
    });
    expect(changeOf(record('INSERT', { ...charge, status: 'PENDING' }))).toEqual({ ...expected, status: 'PENDING' });
  });

  it('ignores a charge rewritten with the same status (a QR code saved, a task token stored)', () => {
    expect(changeOf(record('MODIFY', { ...charge, task_token: 't' }, charge))).toBeNull();
  });

  it('ignores removals, rewrites of history, other items and foreign partitions', () => {
    expect(changeOf(record('REMOVE', undefined, history))).toBeNull();
    expect(changeOf(record('MODIFY', history, history))).toBeNull();
    expect(
      changeOf(record('MODIFY', { ...history, type: 'PROCESS', status: 'pago' }, { status: 'cadastro' })),
    ).toBeNull();
    expect(changeOf(record('INSERT', { ...history, pk: 'COUNTER', sk: 'PROCESSES' }))).toBeNull();
    expect(changeOf(record('INSERT', { ...history, sk: 'CONTRACT#x#PROCESS' }))).toBeNull();
    expect(changeOf(record('INSERT', { ...charge, sk: 'CONTRACT#x' }))).toBeNull();
  });

  it('reads a first history record without a previous status as from ""', () => {
    const { de: _omitted, ...first } = history;
    expect(changeOf(record('INSERT', { ...first, obs: null }))).toMatchObject({ from: '', obs: null });
  });
});
