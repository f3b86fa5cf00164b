import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, pointerKey } from './keys.js';
import type { Db } from './table.js';

/** Pattern 15: who owns a CPF/CNPJ (digits only). */
export async function findUserByDocument(
  db: Db,
  digits: string,
): Promise<{ userId: string; profileId: string } | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.documentGuard(digits)) }),
  );
  return Item ? { userId: Item.user_id, profileId: Item.profile_id } : null;
}

/** Pattern 16: who owns a protocol, and which contract it is. */
export async function findContractByProtocol(
  db: Db,
  protocolo: string,
): Promise<{ userId: string; contractId: string } | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.protocolPointer(protocolo)) }),
  );
  return Item ? { userId: Item.user_id, contractId: Item.contract_id } : null;
}

/** Pattern 17: a referrer by referral code. */
export async function findProfileByReferralCode(
  db: Db,
  code: string,
): Promise<{ userId: string; profileId: string } | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.referralCodeGuard(code)) }),
  );
  return Item ? { userId: Item.user_id, profileId: Item.profile_id } : null;
}

/** Pattern 21 (first step): the user behind a profile id. */
export async function findUserByProfileId(db: Db, profileId: string): Promise<string | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.profileIdPointer(profileId)) }),
  );
  return Item ? (Item.user_id as string) : null;
}
