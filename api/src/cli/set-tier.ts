// `pnpm --filter @mindpath/api set-tier <email> <free|basic|pro> [days]`: gives a learner a plan without
// billing, for trying Pro locally. Deliberately a CLI and never an endpoint.
import { TierSchema } from '@mindpath/contracts/subscriptions';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { runningServerPid } from '../lib/pid-file.ts';
import { setTierByEmail } from '../modules/subscriptions/service.ts';

const USAGE = 'usage: set-tier <email> <free|basic|pro> [days]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [email, tierArg, daysArg] = process.argv.slice(2);
if (!email || !tierArg) fail(USAGE);
const tier = TierSchema.safeParse(tierArg);
if (!tier.success) fail(`unknown tier '${tierArg}'\n${USAGE}`);
const days = daysArg === undefined ? undefined : Number(daysArg);
if (days !== undefined && !(Number.isFinite(days) && days > 0))
  fail(`days must be a positive number\n${USAGE}`);

const config = loadConfig();
const serverPid = config.databaseUrl ? undefined : runningServerPid(config.dataDir);
if (serverPid) {
  fail(`The server (pid ${serverPid}) holds the embedded database in ${config.dataDir}; stop it first.`);
}

const database = await openDatabase(config);
try {
  await database.migrate();
  const status = await setTierByEmail(database.db, email, tier.data, days);
  console.log(`${email.toLowerCase()}: ${JSON.stringify(status)}`);
} catch (err) {
  process.exitCode = 1;
  console.error(err instanceof AppError ? err.message : err);
} finally {
  await database.close();
}
