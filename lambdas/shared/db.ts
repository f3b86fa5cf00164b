import { dynamo } from './clients.js';
import { loadConfig, required } from './config.js';
import type { Db } from './data/table.js';

/** The single table, for handlers that declare a `table` grant in the catalogue. */
export function tableFromEnvironment(): Db {
  const { TABLE_NAME } = loadConfig({ TABLE_NAME: required });
  return { client: dynamo, tableName: TABLE_NAME };
}
