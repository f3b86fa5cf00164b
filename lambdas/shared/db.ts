import { ENV } from '../grants.js';
import { dynamo } from './clients.js';
import { loadConfig, required } from './config.js';
import type { Db } from './data/table.js';

/** The single table, for handlers whose grants include `table` or `tableItems`. */
export function tableFromEnvironment(env: NodeJS.ProcessEnv = process.env): Db {
  const config = loadConfig({ [ENV.tableName]: required }, env);
  return { client: dynamo, tableName: config[ENV.tableName] as string };
}
