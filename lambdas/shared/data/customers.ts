import { QueryCommand, TransactWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { PROFILE_MESSAGES } from '../../../domain/messages.js';
import {
  chargeSchema,
  contractSchema,
  courtCaseSchema,
  courtMovementSchema,
  processSchema,
  profileSchema,
  statusHistorySchema,
} from '../../../domain/schemas/entities.js';
import type {
  Charge,
  Contract,
  CourtCase,
  CourtMovement,
  Process,
  Profile,
  StatusHistory,
} from '../../../domain/schemas/entities.js';
import { kitItemSchema, type KitItem } from '../../../domain/schemas/filing-kit.js';
import { invoiceSchema, type Invoice } from '../../../domain/schemas/invoice.js';
import type { ProfileDetails, ProfileInput } from '../../../domain/schemas/profile-input.js';
import { generateReferralCode } from '../../../domain/referral-code.js';
import { clientSearchTokens } from '../../../domain/search-tokens.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { counterUpdate } from './counters.js';
import { newContract, newContractWrites } from './contracts.js';
import { COUNTERS, keys, pointerKey, typeIndexKeys } from './keys.js';
import { failedConditions, isConditionFailure, putNew, stripKeys, type Db, type TransactItem } from './table.js';
import { refusal } from '../../../domain/refusals.js';

export type CustomerCollection = {
  profile: Profile | null;
  contracts: Contract[];
  charges: Charge[];
  processes: Process[];
  history: StatusHistory[];
  /** Court movements of the filed cases (pattern 77), oldest first. */
  movements: CourtMovement[];
  /** What DataJud last said about each filed case (pattern 78). */
  courtCases: CourtCase[];
  /** The filing kit's items, as the customer sees them. */
  kit: KitItem[];
  /** The notas fiscais of the customer's payments (pattern 91). */
  invoices?: Invoice[];
};

/** Pattern 1 (and 14): a customer's profile, contracts, charges, processes, history and court case in one Query. */
export async function getCustomerCollection(
  db: Db,
  userId: string,
  /** Strongly consistent (twice the read cost): a decision about money must see every charge written so far. */
  options: { consistent?: boolean } = {},
): Promise<CustomerCollection> {
  const collection: CustomerCollection = {
    profile: null,
    contracts: [],
    charges: [],
    processes: [],
    history: [],
    movements: [],
    courtCases: [],
    kit: [],
    invoices: [],
  };
  let cursor: Record<string, unknown> | undefined;
  do {
    // 'CONTRACT#' … 'PROFILE' covers contracts, charges, processes, history, kit items and the profile, and skips
    // referrals.
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.customer(userId),
          ':from': keys.contractsPrefix,
          ':to': keys.profileSk,
        },
        ExclusiveStartKey: cursor,
        ConsistentRead: options.consistent === true,
      }),
    );
    for (const item of page.Items ?? []) {
      const entity = stripKeys(item);
      switch (item.type) {
        case 'PROFILE':
          collection.profile = profileSchema.parse(entity);
          break;
        case 'CONTRACT':
          collection.contracts.push(contractSchema.parse(entity));
          break;
        case 'CHARGE':
          collection.charges.push(chargeSchema.parse(entity));
          break;
        case 'PROCESS':
          collection.processes.push(processSchema.parse(entity));
          break;
        case 'HISTORY':
          collection.history.push(statusHistorySchema.parse(entity));
          break;
        case 'COURT_MOVEMENT':
          collection.movements.push(courtMovementSchema.parse(entity));
          break;
        case 'COURT_CASE':
          collection.courtCases.push(courtCaseSchema.parse(entity));
          break;
        case 'KIT_ITEM':
          collection.kit.push(kitItemSchema.parse(entity));
          break;
        case 'INVOICE':
          collection.invoices?.push(invoiceSchema.parse(entity));
          break;
      }
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  // Newest first, as every screen lists them.
  collection.contracts.reverse();
  collection.charges.sort((a, b) => b.created_at.localeCompare(a.created_at));
  collection.processes.sort((a, b) => b.created_at.localeCompare(a.created_at));
  collection.history.sort((a, b) => b.created_at.localeCompare(a.created_at));
  collection.movements.sort((a, b) => a.data_hora.localeCompare(b.data_hora) || a.id.localeCompare(b.id));
  return collection;
}

/** Pattern 2: a customer's profile. */
export async function getProfileByUser(db: Db, userId: string): Promise<Profile | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.profileSk } }),
  );
  return Item ? profileSchema.parse(stripKeys(Item)) : null;
}

/** What the admin's client list reads off the profile without a join (docs/data-model.md, Admin lists). */
export type ProfileCounts = { hasContract: boolean; contractCount: number; processCount: number };

/** The profile item: the customer's collection, listed on gsi1 for the admin, with its list counts. */
export function profileItem(profile: Profile, counts: ProfileCounts) {
  return {
    pk: keys.customer(profile.user_id),
    sk: keys.profileSk,
    type: 'PROFILE',
    ...typeIndexKeys('PROFILE', profile.created_at, profile.id),
    has_contract: counts.hasContract,
    contract_count: counts.contractCount,
    process_count: counts.processCount,
    ...profile,
  };
}

/** Guards and pointers of a profile (pk = sk): unique document and referral code, and the profile id. */
export function profileGuardItems(profile: Profile) {
  const owner = { user_id: profile.user_id, profile_id: profile.id, created_at: profile.created_at };
  return {
    document: { ...pointerKey(keys.documentGuard(profile.cpf)), type: 'DOCUMENT_GUARD', ...owner },
    referralCode: { ...pointerKey(keys.referralCodeGuard(profile.referral_code)), type: 'REFCODE_GUARD', ...owner },
    profileId: { ...pointerKey(keys.profileIdPointer(profile.id)), type: 'PROFILE_POINTER', ...owner },
  };
}

/** The admin search tokens of a profile (pattern 26). */
export function clientSearchTokenItems(profile: Profile) {
  return clientSearchTokens(profile).map((token) => ({
    pk: keys.searchPartition('CLIENT', token),
    sk: keys.searchSk(token, profile.user_id),
    type: 'SEARCH_TOKEN',
    user_id: profile.user_id,
  }));
}

type CreateProfileParams = {
  userId: string;
  input: ProfileInput;
  referredByProfileId: string | null;
  now: string;
  /** The initial contract (and its process), written in the same transaction: a profile never lacks it. */
  initialContract: { protocolo: string; valor: number; formaPagamento: string };
  newId?: () => string;
  newReferralCode?: () => string;
  /**
   * Pattern 34: the referral writes of a referred sign-up (`referralSignupWrites`), added to this transaction. Each is
   * conditioned; if one fails, the profile is written again without them — linking never blocks a sign-up.
   */
  referralWrites?: (profile: Profile) => TransactItem[];
};

/**
 * Pattern 3: creates a profile with its uniqueness guards (document, referral code), the profile-id pointer, admin
 * search tokens and the client counter, and its initial unsigned contract with protocol pointer and process
 * (pattern 6) — all or nothing.
 */
export async function createProfile(
  db: Db,
  params: CreateProfileParams,
): Promise<{ profile: Profile; contract: Contract; process: Process; referralLinked: boolean }> {
  const { userId, input, now } = params;
  const newId = params.newId ?? ulid;
  const newReferralCode = params.newReferralCode ?? generateReferralCode;
  let referralWrites = params.referralWrites ?? null;
  // A referral-code collision (36^6 space) is retried with a fresh code; a failed referral link once, without it;
  // anything else is final.
  for (let attempt = 0; attempt < 3;) {
    const profile: Profile = {
      id: newId(),
      user_id: userId,
      nome_completo: input.nome_completo,
      tipo_documento: input.tipo_documento,
      cpf: input.cpf,
      email: input.email.toLowerCase(),
      whatsapp: input.whatsapp,
      endereco: input.endereco,
      numero: input.numero,
      complemento: input.complemento,
      bairro: input.bairro,
      cidade: input.cidade,
      estado: input.estado.toUpperCase(),
      cep: input.cep,
      socio_nome: input.socio_nome ?? null,
      socio_cpf: input.socio_cpf ?? null,
      referral_code: newReferralCode(),
      referred_by_profile_id: params.referredByProfileId,
      free_renewals: 0,
      created_at: now,
    };
    const guards = profileGuardItems(profile);
    const created = newContract({
      profileId: profile.id,
      protocolo: params.initialContract.protocolo,
      valor: params.initialContract.valor,
      formaPagamento: params.initialContract.formaPagamento,
      parentContractId: null,
      at: now,
      newId,
    });
    const linkWrites = referralWrites ? referralWrites(profile) : [];
    try {
      await db.client.send(
        new TransactWriteCommand({
          TransactItems: [
            // The order matters: failedConditions() below reads the first five by position, the link's as the last.
            putNew(db, profileItem(profile, { hasContract: false, contractCount: 1, processCount: 1 })),
            putNew(db, guards.document),
            putNew(db, guards.referralCode),
            putNew(db, guards.profileId),
            // Pattern 62 (b): a deleted user's still-valid token cannot bring their profile (and CPF) back.
            {
              ConditionCheck: {
                TableName: db.tableName,
                Key: pointerKey(keys.deletedUser(userId)),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            counterUpdate(db.tableName, COUNTERS.clients, { total: 1 }),
            ...newContractWrites(db, userId, created),
            ...clientSearchTokenItems(profile).map((item) => ({ Put: { TableName: db.tableName, Item: item } })),
            ...linkWrites,
          ],
        }),
      );
      return { profile, ...created, referralLinked: linkWrites.length > 0 };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const failed = failedConditions(error);
      const [profileExists, documentTaken, codeTaken, , userDeleted] = failed;
      if (userDeleted) throw new ForbiddenError(refusal('account_deleted', PROFILE_MESSAGES.accountDeleted));
      if (profileExists) throw new ConflictError(refusal('profile_exists', PROFILE_MESSAGES.profileExists));
      if (documentTaken) {
        throw new ConflictError(
          refusal(
            'document_in_use',
            profile.tipo_documento === 'cnpj' ? PROFILE_MESSAGES.duplicateCnpj : PROFILE_MESSAGES.duplicateDocument,
          ),
        );
      }
      if (codeTaken) {
        attempt += 1;
        continue;
      }
      const linkFailed = linkWrites.length > 0 && failed.slice(-linkWrites.length).some(Boolean);
      if (!linkFailed) throw error;
      referralWrites = null;
    }
  }
  throw new Error('Could not allocate a unique referral code after 3 attempts');
}

type UpdateProfileParams = {
  userId: string;
  details: ProfileDetails;
  now: string;
};

/**
 * Pattern 4: updates a profile (never its document) and swaps its search tokens, in one transaction conditioned on
 * the version read, so two saves racing from two tabs cannot leave stale tokens behind: the second is refused.
 */
export async function updateProfile(db: Db, params: UpdateProfileParams): Promise<Profile> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(params.userId), sk: keys.profileSk },
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new NotFoundError(refusal('profile_missing', PROFILE_MESSAGES.profileMissing));
  const current = profileSchema.parse(stripKeys(Item));
  const readVersion = typeof Item.updated_at === 'string' ? Item.updated_at : null;
  // Never the e-mail: a confirmed change reaches the profile through pattern 63 alone, so a tab still holding a token
  // from before the change cannot put the old address back.
  const next: Profile = { ...current, ...params.details };
  const before = new Set(clientSearchTokenItems(current).map((item) => item.sk));
  const after = clientSearchTokenItems(next);
  const afterKeys = new Set(after.map((item) => item.sk));
  const fields = Object.entries({ ...params.details, updated_at: params.now });
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.tableName,
              Key: { pk: keys.customer(params.userId), sk: keys.profileSk },
              UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
              ConditionExpression:
                readVersion === null
                  ? 'attribute_exists(pk) AND attribute_not_exists(updated_at)'
                  : 'attribute_exists(pk) AND updated_at = :read',
              ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
              ExpressionAttributeValues: {
                ...Object.fromEntries(fields.map(([, value], i) => [`:v${i}`, value])),
                ...(readVersion === null ? {} : { ':read': readVersion }),
              },
            },
          },
          ...clientSearchTokenItems(current)
            .filter((item) => !afterKeys.has(item.sk))
            .map((item) => ({ Delete: { TableName: db.tableName, Key: { pk: item.pk, sk: item.sk } } })),
          ...after
            .filter((item) => !before.has(item.sk))
            .map((item) => ({ Put: { TableName: db.tableName, Item: item } })),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error))
      throw new ConflictError(refusal('changed_concurrently', PROFILE_MESSAGES.changedConcurrently));
    throw error;
  }
  return next;
}
