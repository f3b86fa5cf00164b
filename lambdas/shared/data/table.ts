import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** What every access-pattern function needs: the client and the one table's name. */
export type Db = { client: DynamoDBDocumentClient; tableName: string };

export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';

/** Item attributes that are keys, never part of an entity. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type', 'expiresAt'] as const;

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof KEY_ATTRIBUTES)[number]> {
  const copy: Record<string, unknown> = { ...item };
  for (const key of KEY_ATTRIBUTES) delete copy[key];
  return copy as Omit<T, (typeof KEY_ATTRIBUTES)[number]>;
}

/** True when DynamoDB refused a write because its condition failed (also inside a transaction). */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/**
 * Runs a conditional write: true when it was applied, false when its condition failed (the pattern's "no": a
 * repeat, a claim already taken, a link already used). Any other error is thrown.
 */
export async function appliedUnlessConditionFails(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Which items of a cancelled transaction failed their condition, by position. */
export function failedConditions(error: unknown): boolean[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code === 'ConditionalCheckFailed');
}

export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

export function decodeCursor(cursor: string | null | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const nowIso = (clock: () => Date = () => new Date()): string => clock().toISOString();
