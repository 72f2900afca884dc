// Runs the BioTime stand-in by hand with its demo data: `npx tsx tools/biotime-sim/cli.ts --port 8081`.
// Then set up the BioTime connection (Biometric Devices, BioTime) with the printed address and account.
import { parseArgs } from 'node:util';
import { startBiotimeSim } from './biotime.js';
import { BIOTIME_DEMO_ACCOUNT, biotimeDemoData } from './data.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    from: { type: 'string' },
    days: { type: 'string' },
    'token-ttl': { type: 'string' },
  },
});
const sim = await startBiotimeSim(
  biotimeDemoData({
    ...(values.from ? { from: values.from } : {}),
    ...(values.days ? { days: Number(values.days) } : {}),
  }),
  { port: Number(values.port), ...(values['token-ttl'] ? { tokenTtlSeconds: Number(values['token-ttl']) } : {}) },
);
console.log(
  `BioTime stand-in at ${sim.url}: user ${BIOTIME_DEMO_ACCOUNT.username}, password ${BIOTIME_DEMO_ACCOUNT.password}`,
);
process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
