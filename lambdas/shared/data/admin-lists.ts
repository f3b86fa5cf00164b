import { chargeStatusSchema, type ChargeStatus } from '../../../domain/charge-status.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { kitChecklist, type KitItemRecord } from '../../../domain/filing-kit.js';
import { ADMIN_MESSAGES } from '../../../domain/messages.js';
import type { ProcessStatus } from '../../../domain/process-status.js';
import {
  clientSearchNeedle,
  isClientSearchTooShort,
  MIN_SEARCH_TERM_LENGTH,
  normalizeSearchTerm,
} from '../../../domain/search-tokens.js';
import {
  chargeSchema,
  contractSchema,
  processSchema,
  processStatusSchema,
  profileSchema,
  type Charge,
  type Contract,
  type Process,
  type Profile,
} from '../../../domain/schemas/entities.js';
import { adminReferralRowSchema, type AdminReferralRow } from '../../../domain/api/admin-referrals.js';
import { adminClientSchema, type AdminClient } from '../../../domain/schemas/admin-clients.js';
import { ValidationError } from '../errors.js';
import { keys } from './keys.js';
import { latestChargeOfContract } from './charges.js';
import { GSI1, GSI2, batchGetAll, decodeCursor, encodeCursor, queryAllItems, stripKeys, type Db } from './table.js';

export type Page<T> = { items: T[]; cursor: string | null };

/**
 * Pattern 20: clients newest first (or oldest first, `oldestFirst`), one page at a time; the cursor is checked against
 * the index it pages.
 */
export async function listClients(
  db: Db,
  options: { limit?: number; cursor?: string | null; oldestFirst?: boolean } = {},
): Promise<Page<AdminClient>> {
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.typeList('PROFILE') },
      ScanIndexForward: options.oldestFirst === true,
      Limit: Math.min(options.limit ?? 50, 100),
      ExclusiveStartKey: decodeCursor(options.cursor, {
        attributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
        partition: ['gsi1pk', keys.typeList('PROFILE')],
      }),
    }),
  );
  return {
    items: (page.Items ?? []).map((item) => adminClientSchema.parse(stripKeys(item))),
    cursor: encodeCursor(page.LastEvaluatedKey),
  };
}

/**
 * The sort keys that begin with a search term, as a key range: `BETWEEN term AND term + U+FFFF` (tokens are ASCII, so
 * nothing that begins with the term sorts after it). The same as `begins_with` for DynamoDB, but DynamoDB Local walks a
 * partition from its start for `begins_with`, so a search in a big token partition ('ma' at 100,000 clients) slowed
 * with the table there; with a range both read only the page asked for (docs/decisions.md, the 100k benchmark).
 */
function prefixRange(term: string): { ':needle': string; ':upTo': string } {
  return { ':needle': term, ':upTo': `${term}\uffff` };
}

/** Pattern 26: clients whose name word, e-mail or document starts with the term — a Query, never a Scan. */
export async function searchClients(db: Db, term: string, limit = 50): Promise<AdminClient[]> {
  // A formatted CPF or CNPJ ("123.456…", "12.ABC.345/…") is searched by its characters, punctuation dropped.
  const needle = clientSearchNeedle(term);
  if (isClientSearchTooShort(term)) throw new ValidationError(ADMIN_MESSAGES.searchTooShort);
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :needle AND :upTo',
      ExpressionAttributeValues: { ':pk': keys.searchPartition('CLIENT', needle), ...prefixRange(needle) },
      Limit: limit * 3,
    }),
  );
  const userIds = [...new Set(Items.map((item) => item.user_id as string))].slice(0, limit);
  if (userIds.length === 0) return [];
  const profiles = await batchGetAll(
    db,
    userIds.map((id) => ({ pk: keys.customer(id), sk: keys.profileSk })),
  );
  // Newest first, like the list; a client being deleted (pattern 28) is no longer shown.
  return profiles
    .filter((item) => item.deleting_at === undefined)
    .map((item) => adminClientSchema.parse(stripKeys(item)))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Pattern 86: one page of the clients whose search tokens start with the term — a name word, the e-mail, the document,
 * any 4+ characters of a protocol (its suffix tokens), a CNJ number — read a page of tokens at a time with the cursor
 * passed through, never cut silently. A client matched by two tokens of one page counts once.
 */
export async function searchClientPage(
  db: Db,
  term: string,
  options: { limit: number; cursor?: string | null },
): Promise<Page<AdminClient>> {
  const needle = clientSearchNeedle(term);
  if (isClientSearchTooShort(term)) throw new ValidationError(ADMIN_MESSAGES.searchTooShort);
  const partition = keys.searchPartition('CLIENT', needle);
  const start = decodeCursor(options.cursor, { attributes: ['pk', 'sk'], partition: ['pk', partition] });
  const { Items = [], LastEvaluatedKey } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :needle AND :upTo',
      ExpressionAttributeValues: { ':pk': partition, ...prefixRange(needle) },
      ExclusiveStartKey: start,
      Limit: options.limit,
    }),
  );
  const userIds = [...new Set(Items.map((item) => item.user_id as string))];
  const cursor = encodeCursor(LastEvaluatedKey);
  if (userIds.length === 0) return { items: [], cursor };
  const profiles = await batchGetAll(
    db,
    userIds.map((id) => ({ pk: keys.customer(id), sk: keys.profileSk })),
  );
  const items = profiles
    .filter((item) => item.deleting_at === undefined)
    .map((item) => adminClientSchema.parse(stripKeys(item)))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { items, cursor };
}

/** What the client list shows beside a profile: the current process's status and when anything last changed. */
export type ClientActivity = { processStatus: ProcessStatus | null; lastActivityAt: string };

/**
 * Pattern 103: for each client of a listed page (at most a page, 25), one Query of the partition's contract range
 * (pattern 1's `CONTRACT#` … `PROFILE`), projected to the few attributes it reads: the newest process's status, and the
 * latest `updated_at`/`created_at` of anything in the range (contracts, charges, processes, history, kit, movements)
 * or of the profile. Bounded by the page, never by the table.
 */
export async function clientActivityOf(db: Db, clients: readonly AdminClient[]): Promise<Map<string, ClientActivity>> {
  const answers = await Promise.all(
    clients.map(async (client) => {
      const items = await queryAllItems(db, {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.customer(client.user_id),
          ':from': keys.contractsPrefix,
          ':to': keys.profileSk,
        },
        ProjectionExpression: '#type, #status, created_at, updated_at',
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
      });
      let lastActivityAt = client.created_at;
      let newestProcess: { at: string; status: ProcessStatus } | null = null;
      for (const item of items) {
        for (const at of [item.created_at, item.updated_at]) {
          if (typeof at === 'string' && at > lastActivityAt) lastActivityAt = at;
        }
        const status = processStatusSchema.safeParse(item.status);
        if (item.type === 'PROCESS' && status.success && typeof item.created_at === 'string') {
          if (!newestProcess || item.created_at > newestProcess.at) {
            newestProcess = { at: item.created_at, status: status.data };
          }
        }
      }
      return [client.user_id, { processStatus: newestProcess?.status ?? null, lastActivityAt }] as const;
    }),
  );
  return new Map(answers);
}

type ListOptions = {
  status?: string;
  limit?: number;
  cursor?: string | null;
  /**
   * Only the items whose index sort key (`<instant>#<id>`) falls in [start, end): a key range, never a filter. `<end>#…`
   * sorts after `<end>`, so an item of the first instant of the next period is left out.
   */
  range?: { start: string; end: string };
};

/** One page of an entity's gsi1 partition (all, newest first) or of its gsi2 status partition (last changed first). */
async function listedPage(db: Db, type: 'PROCESS' | 'CHARGE' | 'REFERRAL', options: ListOptions) {
  const byStatus = options.status !== undefined;
  const [pk, sk] = byStatus ? ['gsi2pk', 'gsi2sk'] : ['gsi1pk', 'gsi1sk'];
  const partition = byStatus ? keys.statusList(type, options.status!) : keys.typeList(type);
  const start = decodeCursor(options.cursor, { attributes: ['pk', 'sk', pk, sk], partition: [pk, partition] });
  // A ranged list's cursor must also fall inside the range, or DynamoDB refuses the start key.
  if (start && options.range && !(start[sk]! >= options.range.start && start[sk]! <= options.range.end)) {
    throw new ValidationError(ADMIN_MESSAGES.invalidCursor, { cursor: ADMIN_MESSAGES.invalidCursor });
  }
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: byStatus ? GSI2 : GSI1,
      KeyConditionExpression: `${pk} = :pk${options.range ? ` AND ${sk} BETWEEN :start AND :end` : ''}`,
      ExpressionAttributeValues: {
        ':pk': partition,
        ...(options.range ? { ':start': options.range.start, ':end': options.range.end } : {}),
      },
      ScanIndexForward: false,
      Limit: Math.min(options.limit ?? 25, 100),
      ExclusiveStartKey: start,
    }),
  );
  return { items: page.Items ?? [], cursor: encodeCursor(page.LastEvaluatedKey) };
}

export type Owned<T> = { userId: string; entity: T };

/** Pattern 22: processes newest first, or those in one status (gsi2), one page; the cursor is passed through. */
export async function listProcesses(db: Db, options: ListOptions = {}): Promise<Page<Owned<Process>>> {
  const page = await listedPage(db, 'PROCESS', options);
  return {
    items: page.items.map((item) => ({ userId: item.user_id as string, entity: processSchema.parse(stripKeys(item)) })),
    cursor: page.cursor,
  };
}

/**
 * Pattern 23: charges most recently moved first (gsi1 sorts them by their last status change), or those in one status
 * (gsi2), one page; the cursor is passed through. With a range, only the charges moved in it (pattern 53).
 */
export async function listCharges(db: Db, options: ListOptions = {}): Promise<Page<Owned<Charge>>> {
  const page = await listedPage(db, 'CHARGE', options);
  return {
    items: page.items.map((item) => ({ userId: item.user_id as string, entity: chargeSchema.parse(stripKeys(item)) })),
    cursor: page.cursor,
  };
}

export type RowContext = {
  profiles: Map<string, Profile>;
  /** By `<userId>#<contractId>`. */
  contracts: Map<string, Contract>;
  /** The status of each contract's latest charge (its `charge_id`), by `<userId>#<contractId>`; asked for only. */
  latestChargeStatus: Map<string, ChargeStatus>;
  /** The filing kit's items of each contract asked for (`kitOf`), by `<userId>#<contractId>`. */
  kits: Map<string, KitItemRecord[]>;
};

/**
 * The profiles and contracts a page of rows names (one BatchGetItem); with `latestCharges`, a second one of each
 * contract's latest charge (the contract's `charge_id`, pattern 41), projected to its status; with `kitOf`, the filing
 * kit's items of the contracts it picks, projected to their state.
 */
export async function rowContextOf(
  db: Db,
  refs: { userId: string; contractId: string }[],
  options: { latestCharges?: boolean; kitOf?: (ref: { userId: string; contractId: string }) => boolean } = {},
): Promise<RowContext> {
  const context: RowContext = {
    profiles: new Map(),
    contracts: new Map(),
    latestChargeStatus: new Map(),
    kits: new Map(),
  };
  const wanted = new Map<string, { pk: string; sk: string }>();
  for (const ref of refs) {
    wanted.set(`${ref.userId}#PROFILE`, { pk: keys.customer(ref.userId), sk: keys.profileSk });
    wanted.set(`${ref.userId}#${ref.contractId}`, {
      pk: keys.customer(ref.userId),
      sk: keys.contractSk(ref.contractId),
    });
  }
  const charges: { pk: string; sk: string }[] = [];
  const unnamed: { userId: string; contractId: string }[] = [];
  for (const item of await batchGetAll(db, [...wanted.values()])) {
    const userId = (item.pk as string).slice(keys.customer('').length);
    if (item.type === 'PROFILE') context.profiles.set(userId, profileSchema.parse(stripKeys(item)));
    else if (item.type === 'CONTRACT') {
      const contract = contractSchema.parse(stripKeys(item));
      context.contracts.set(`${userId}#${contract.id}`, contract);
      if (typeof item.charge_id === 'string') {
        charges.push({ pk: item.pk as string, sk: keys.chargeSk(contract.id, item.charge_id) });
      } else unnamed.push({ userId, contractId: contract.id });
    }
  }
  if (options.latestCharges && charges.length > 0) {
    const projection = { expression: 'pk, contrato_id, #status', names: { '#status': 'status' } };
    for (const item of await batchGetAll(db, charges, { projection })) {
      const userId = (item.pk as string).slice(keys.customer('').length);
      const status = chargeStatusSchema.safeParse(item.status);
      if (status.success) context.latestChargeStatus.set(`${userId}#${String(item.contrato_id)}`, status.data);
    }
  }
  // Pattern 69 by keys: the checklist's items of each contract asked for (a few per row, one BatchGetItem a page).
  const kitRefs = options.kitOf ? refs.filter(options.kitOf) : [];
  const kitKeys = kitRefs.flatMap((ref) => {
    const profile = context.profiles.get(ref.userId);
    context.kits.set(`${ref.userId}#${ref.contractId}`, []);
    return profile
      ? kitChecklist(profile.tipo_documento).map((item) => ({
          pk: keys.customer(ref.userId),
          sk: keys.kitItemSk(ref.contractId, item.key),
        }))
      : [];
  });
  if (kitKeys.length > 0) {
    const projection = { expression: 'pk, contrato_id, #key, #state', names: { '#key': 'key', '#state': 'state' } };
    for (const item of await batchGetAll(db, kitKeys, { projection })) {
      const userId = (item.pk as string).slice(keys.customer('').length);
      context.kits
        .get(`${userId}#${String(item.contrato_id)}`)
        ?.push({ key: item.key as KitItemRecord['key'], state: item.state as KitItemRecord['state'] });
    }
  }
  // A contract that names no charge (written before pattern 41 kept `charge_id`, or without a charge): pattern 8.
  if (options.latestCharges && unnamed.length > 0) {
    const latest = await Promise.all(unnamed.map((ref) => latestChargeOfContract(db, ref.userId, ref.contractId)));
    unnamed.forEach((ref, i) => {
      const status = latest[i]?.status;
      if (status) context.latestChargeStatus.set(`${ref.userId}#${ref.contractId}`, status);
    });
  }
  return context;
}

/**
 * A referral item as the admin list shows it: the referral and the referrer copies it carries. The referrer is also
 * the item's partition, which stands in for `referrer_user_id` on items written before that copy existed.
 */
const referralRowOf = (item: Record<string, unknown>): AdminReferralRow =>
  adminReferralRowSchema.parse({
    referrer_nome: null,
    referrer_email: null,
    referrer_user_id: String(item.pk).slice(keys.customer('').length),
    ...stripKeys(item),
  });

/** Pattern 24: referrals newest first, or those in one status (gsi2), one page; the cursor is passed through. */
export async function listReferrals(db: Db, options: ListOptions = {}): Promise<Page<AdminReferralRow>> {
  const page = await listedPage(db, 'REFERRAL', options);
  return { items: page.items.map(referralRowOf), cursor: page.cursor };
}

/**
 * Pattern 38 (referrals by the referred e-mail): `Query SEARCH#REFERRAL#<first 2> AND sk BETWEEN <term> AND <term>+U+FFFF` — each
 * token names the referrer (`userId`) and the address, which is the referral's own key — then one BatchGetItem of
 * those referrals, a page at a time with its cursor. Proportional to the matches, never to the table.
 */
export async function searchReferralsByEmail(
  db: Db,
  term: string,
  options: { limit: number; cursor?: string | null },
): Promise<Page<AdminReferralRow>> {
  const needle = normalizeSearchTerm(term).split(/\s+/)[0] ?? '';
  if (needle.length < MIN_SEARCH_TERM_LENGTH) throw new ValidationError(ADMIN_MESSAGES.searchTooShort);
  const partition = keys.searchPartition('REFERRAL', needle);
  const { Items = [], LastEvaluatedKey } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :needle AND :upTo',
      ExpressionAttributeValues: { ':pk': partition, ...prefixRange(needle) },
      ExclusiveStartKey: decodeCursor(options.cursor, { attributes: ['pk', 'sk'], partition: ['pk', partition] }),
      Limit: options.limit,
    }),
  );
  const wanted = new Map<string, { pk: string; sk: string }>();
  for (const token of Items) {
    if (typeof token.user_id !== 'string' || typeof token.referred_email !== 'string') continue;
    const key = { pk: keys.customer(token.user_id), sk: keys.referralSk(token.referred_email) };
    wanted.set(`${key.pk}|${key.sk}`, key);
  }
  return { items: await batchGetReferrals(db, [...wanted.values()]), cursor: encodeCursor(LastEvaluatedKey) };
}

async function batchGetReferrals(db: Db, keysToRead: { pk: string; sk: string }[]): Promise<AdminReferralRow[]> {
  // A token whose referral is gone (withdrawn, deleted) reads nothing: it is simply not listed.
  return (await batchGetAll(db, keysToRead)).filter((item) => item.type === 'REFERRAL').map(referralRowOf);
}

/**
 * Pattern 38 (referrals of a referrer): pattern 19's range of the referrer's partition (`PROFILE` … `REFERRAL$`), the
 * referral items only. A customer's referrals are few (invites are rate-limited), so this reads them all.
 */
export async function referralRowsOfReferrer(db: Db, referrerUserId: string): Promise<AdminReferralRow[]> {
  const items = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(referrerUserId), ':prefix': keys.referralSk('') },
  });
  const rows = items.filter((item) => item.type === 'REFERRAL').map(referralRowOf);
  return rows;
}

/**
 * Pattern 80 ('Hoje'): every process or charge in one status — its whole gsi2 partition, oldest move first. For the
 * statuses work waits in (paid and not filed, a refund under way), which stay short because the work moves them on.
 */
export async function everyInStatus(
  db: Db,
  type: 'PROCESS' | 'CHARGE',
  status: string,
): Promise<Owned<Record<string, unknown>>[]> {
  const items = await queryAllItems(db, {
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.statusList(type, status) },
    ScanIndexForward: true,
  });
  return items.map((item) => ({ userId: item.user_id as string, entity: stripKeys(item) }));
}
