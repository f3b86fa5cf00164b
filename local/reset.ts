import { rmSync } from 'node:fs';
import { localSettings } from './settings.js';

/** `npm run reset`: wipes the local data (table, users, documents). Stop `npm start` first. */
const { dataDir } = localSettings();
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next npm start provisions everything afresh.`);
