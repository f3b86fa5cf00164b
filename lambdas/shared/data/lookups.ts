import { keys } from './keys.js';
import { readPointer, storedContractId, type Db } from './table.js';

/** Pattern 15: who owns a CPF/CNPJ (digits, or the upper-case alphanumeric CNPJ). */
export async function findUserByDocument(
  db: Db,
  document: string,
): Promise<{ userId: string; profileId: string } | null> {
  const item = await readPointer(db, keys.documentGuard(document));
  return item ? { userId: item.user_id as string, profileId: item.profile_id as string } : null;
}

/** Pattern 16: who owns a protocol, and which contract it is. */
export async function findContractByProtocol(
  db: Db,
  protocolo: string,
): Promise<{ userId: string; contractId: string } | null> {
  const item = await readPointer(db, keys.protocolPointer(protocolo));
  return item ? { userId: item.user_id as string, contractId: storedContractId(item) as string } : null;
}

/** Pattern 17: a referrer by referral code. */
export async function findProfileByReferralCode(
  db: Db,
  code: string,
): Promise<{ userId: string; profileId: string } | null> {
  const item = await readPointer(db, keys.referralCodeGuard(code));
  return item ? { userId: item.user_id as string, profileId: item.profile_id as string } : null;
}

/** Pattern 21 (first step): the user behind a profile id. */
export async function findUserByProfileId(db: Db, profileId: string): Promise<string | null> {
  const item = await readPointer(db, keys.profileIdPointer(profileId));
  return item ? (item.user_id as string) : null;
}
