import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ADMIN_MESSAGES } from '../../../domain/messages.js';
import { documentSearchTerm, looksLikeDocument, normalizeSearchTerm } from '../../../domain/search-tokens.js';
import { profileSchema, type Profile } from '../../../domain/schemas/entities.js';
import { ValidationError } from '../errors.js';
import { keys } from './keys.js';
import { GSI1, decodeCursor, encodeCursor, stripKeys, type Db } from './table.js';

export type Page<T> = { items: T[]; cursor: string | null };

/** Pattern 20: clients newest first, one page at a time; the cursor is passed through untouched. */
export async function listClients(
  db: Db,
  options: { limit?: number; cursor?: string | null } = {},
): Promise<Page<Profile>> {
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
    items: (page.Items ?? []).map((item) => profileSchema.parse(stripKeys(item))),
    cursor: encodeCursor(page.LastEvaluatedKey),
  };
}

/** Pattern 26: clients whose name word, e-mail or document starts with the term — a Query, never a Scan. */
export async function searchClients(db: Db, term: string, limit = 50): Promise<Profile[]> {
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
  return (Responses?.[db.tableName] ?? []).map((item) => profileSchema.parse(stripKeys(item)));
}
