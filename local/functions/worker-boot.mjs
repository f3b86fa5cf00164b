// A worker thread cannot start from a .ts file: register tsx's loader first, then load the function worker.
// (An `--import tsx` in the worker's execArgv is applied too late for its entry module on Node 20.)
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import { registerBinaryImports } from './binary-imports.mjs';

register();
registerBinaryImports();
await import(workerData.workerModule);
