import { dynamo } from './clients.js';
import { loadConfig, required } from './config.js';
import type { Db } from './data/table.js';

/** The single table, for handlers whose grants include `table` or `tableItems`. */
export function tableFromEnvironment(env: NodeJS.ProcessEnv = process.env): Db {
  return { client: dynamo, tableName: loadConfig({ tableName: required }, env).tableName };
}
