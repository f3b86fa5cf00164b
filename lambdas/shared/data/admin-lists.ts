import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ADMIN_MESSAGES } from '../../../domain/messages.js';
import { documentSearchTerm, looksLikeDocument, normalizeSearchTerm } from '../../../domain/search-tokens.js';
import {
  chargeSchema,
  contractSchema,
  processSchema,
  profileSchema,
  type Charge,
  type Contract,
  type Process,
  type Profile,
} from '../../../domain/schemas/entities.js';
import { adminClientSchema, type AdminClient } from '../../../domain/schemas/admin-clients.js';
import { ValidationError } from '../errors.js';
import { keys } from './keys.js';
import { GSI1, GSI2, decodeCursor, encodeCursor, stripKeys, type Db } from './table.js';

export type Page<T> = { items: T[]; cursor: string | null };

/** Pattern 20: clients newest first, one page at a time; the cursor is passed through untouched. */
export async function listClients(
  db: Db,
  options: { limit?: number; cursor?: string | null } = {},
): Promise<Page<AdminClient>> {
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.typeList('PROFILE') },
      ScanIndexForward: false,
      Limit: Math.min(options.limit ?? 50, 100),
      ExclusiveStartKey: decodeCursor(options.cursor),
    }),
  );
  return {
    items: (page.Items ?? []).map((item) => adminClientSchema.parse(stripKeys(item))),
    cursor: encodeCursor(page.LastEvaluatedKey),
  };
}

/** Pattern 26: clients whose name word, e-mail or document starts with the term — a Query, never a Scan. */
export async function searchClients(db: Db, term: string, limit = 50): Promise<AdminClient[]> {
  const token = normalizeSearchTerm(term).split(/\s+/)[0] ?? '';
  // A formatted CPF or CNPJ ("123.456…", "12.ABC.345/…") is searched by its characters, punctuation dropped.
  const needle = looksLikeDocument(term) ? documentSearchTerm(term) : token;
  if (needle.length < 2) throw new ValidationError(ADMIN_MESSAGES.searchTooShort);
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :needle)',
      ExpressionAttributeValues: { ':pk': keys.searchPartition('CLIENT', needle), ':needle': needle },
      Limit: limit * 3,
    }),
  );
  const userIds = [...new Set(Items.map((item) => item.user_id as string))].slice(0, limit);
  if (userIds.length === 0) return [];
  const { Responses } = await db.client.send(
    new BatchGetCommand({
      RequestItems: { [db.tableName]: { Keys: userIds.map((id) => ({ pk: keys.customer(id), sk: keys.profileSk })) } },
    }),
  );
  // Newest first, like the list; a client being deleted (pattern 28) is no longer shown.
  return (Responses?.[db.tableName] ?? [])
    .filter((item) => item.deleting_at === undefined)
    .map((item) => adminClientSchema.parse(stripKeys(item)))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

type ListOptions = { status?: string; limit?: number; cursor?: string | null };

/** One page of an entity's gsi1 partition (all, newest first) or of its gsi2 status partition (last changed first). */
async function listedPage(db: Db, type: 'PROCESS' | 'CHARGE', options: ListOptions) {
  const byStatus = options.status !== undefined;
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: byStatus ? GSI2 : GSI1,
      KeyConditionExpression: byStatus ? 'gsi2pk = :pk' : 'gsi1pk = :pk',
      ExpressionAttributeValues: {
        ':pk': byStatus ? keys.statusList(type, options.status!) : keys.typeList(type),
      },
      ScanIndexForward: false,
      Limit: Math.min(options.limit ?? 25, 100),
      ExclusiveStartKey: decodeCursor(options.cursor),
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

/** Pattern 23: charges newest first, or those in one status (gsi2), one page; the cursor is passed through. */
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
};

/**
 * Patterns 22–23, second step: the clients and contracts a page's rows show, in one BatchGetItem (a page of 25 rows
 * names at most 50 items; unprocessed keys are asked again).
 */
export async function rowContextOf(db: Db, refs: { userId: string; contractId: string }[]): Promise<RowContext> {
  const context: RowContext = { profiles: new Map(), contracts: new Map() };
  const wanted = new Map<string, { pk: string; sk: string }>();
  for (const ref of refs) {
    wanted.set(`${ref.userId}#PROFILE`, { pk: keys.customer(ref.userId), sk: keys.profileSk });
    wanted.set(`${ref.userId}#${ref.contractId}`, {
      pk: keys.customer(ref.userId),
      sk: keys.contractSk(ref.contractId),
    });
  }
  let pending = [...wanted.values()];
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt += 1) {
    const chunk = pending.slice(0, 100);
    const { Responses, UnprocessedKeys } = await db.client.send(
      new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: chunk } } }),
    );
    for (const item of Responses?.[db.tableName] ?? []) {
      const userId = (item.pk as string).slice(keys.customer('').length);
      if (item.type === 'PROFILE') context.profiles.set(userId, profileSchema.parse(stripKeys(item)));
      else if (item.type === 'CONTRACT') {
        const contract = contractSchema.parse(stripKeys(item));
        context.contracts.set(`${userId}#${contract.id}`, contract);
      }
    }
    const unprocessed = (UnprocessedKeys?.[db.tableName]?.Keys ?? []) as { pk: string; sk: string }[];
    pending = [...unprocessed, ...pending.slice(100)];
  }
  return context;
}
