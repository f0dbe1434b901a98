// Applies the committed migrations to the configured database (the server also does this at start).
import { openDatabase } from '../db/client';
import { getEnv } from '../server/runtime/env';

const env = getEnv();
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
await database.close();
console.log(`Migrations applied (${database.kind === 'postgres' ? 'PostgreSQL' : env.DATA_DIR}).`);
