// Runs the ZKTeco simulator by hand: `npx tsx tools/zk-sim/cli.ts --port 4370 --users 50 --punches 1000`.
// Flags are documented in README.md beside this file and by --help.
import { parseArgs } from 'node:util';
import type { RefuseMode } from './faults.js';
import { ZkSimulator } from './server.js';

const HELP = `zk-sim: a ZKTeco terminal (binary protocol, TCP + UDP) for node-zklib 1.3.0

  --host <addr>              bind address (default 127.0.0.1)
  --port <n>                 TCP and UDP port; 0 = any free port (default 4370)
  --users <n>                generated users (default 50)
  --punches <n>              generated punches over the 30 days before the device clock (default 1000)
  --days <n>                 spread generated punches over this many days (default 30)
  --seed <n>                 seed for generated data (default 1)
  --tz <zone>                IANA time zone of the device (default Asia/Karachi)
  --clock-offset <seconds>   device clock minus host clock (default 0)
  --direct-max <bytes>       bulk data up to this size is sent as one CMD_DATA (default 8192)
  --no-udp                   do not answer UDP
  --delay <ms>               delay every reply (slow device)
  --drop-after-bytes <n>     cut the connection after n bytes of a bulk transfer
  --drop-after-chunks <n>    cut the connection after n chunks of a chunked transfer
  --drop-times <n>           transfers to cut before behaving (default 1; 0 = unlimited)
  --no-coalesce              one frame per write (coalescing PREPARE_DATA+DATA+ACK is the default)
  --split                    cut every TCP write into random pieces
  --friendly                 node-zklib's pacing: --no-coalesce and --frame-gap 2
  --serial <sn>              serial number the device reports (default SIM0001)
  --old-firmware             16-byte attendance and 28-byte user records (default: 40 and 72)
  --refuse <reset|closed>    reset TCP connections, or stop listening on TCP (UDP fallback)
  --frame-gap <ms>           pause between writes (default 0)
  --realtime-every <ms>      punch a random user every ms and push it to registered clients
  --verbose                  log connections and faults
  --help`;

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4370' },
    users: { type: 'string', default: '50' },
    punches: { type: 'string', default: '1000' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    tz: { type: 'string', default: 'Asia/Karachi' },
    'clock-offset': { type: 'string', default: '0' },
    'direct-max': { type: 'string', default: '8192' },
    'no-udp': { type: 'boolean', default: false },
    delay: { type: 'string', default: '0' },
    'drop-after-bytes': { type: 'string' },
    'drop-after-chunks': { type: 'string' },
    'drop-times': { type: 'string', default: '1' },
    'no-coalesce': { type: 'boolean', default: false },
    split: { type: 'boolean', default: false },
    friendly: { type: 'boolean', default: false },
    serial: { type: 'string', default: 'SIM0001' },
    'old-firmware': { type: 'boolean', default: false },
    refuse: { type: 'string' },
    'frame-gap': { type: 'string' },
    'realtime-every': { type: 'string' },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const int = (name: string, raw: string | undefined): number | null => {
  if (raw === undefined) return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer, got ${raw}`);
    process.exit(2);
  }
  return n;
};
const refuse = values.refuse;
if (refuse !== undefined && refuse !== 'reset' && refuse !== 'closed') {
  console.error('--refuse must be reset or closed');
  process.exit(2);
}
const dropTimes = int('drop-times', values['drop-times']) ?? 1;

const started = Date.now();
const punchCount = int('punches', values.punches) ?? 0;
const sim = new ZkSimulator({
  host: values.host,
  port: int('port', values.port) ?? 4370,
  udp: !values['no-udp'],
  timeZone: values.tz,
  clockOffsetMs: (int('clock-offset', values['clock-offset']) ?? 0) * 1000,
  users: int('users', values.users) ?? 0,
  punches: punchCount,
  seed: int('seed', values.seed) ?? 1,
  directMaxBytes: int('direct-max', values['direct-max']) ?? 8192,
  serialNumber: values.serial,
  oldFirmware: values['old-firmware'],
  faults: {
    replyDelayMs: int('delay', values.delay) ?? 0,
    dropAfterBytes: int('drop-after-bytes', values['drop-after-bytes']),
    dropAfterChunks: int('drop-after-chunks', values['drop-after-chunks']),
    dropTimes: dropTimes === 0 ? Number.POSITIVE_INFINITY : dropTimes,
    coalesce: !values['no-coalesce'] && !values.friendly,
    splitWrites: values.split,
    refuse: (refuse satisfies RefuseMode | undefined) ?? null,
    frameGapMs: int('frame-gap', values['frame-gap']) ?? (values.friendly ? 2 : 0),
  },
  log: values.verbose ? (line) => console.log(line) : undefined,
});
const port = await sim.start();
console.log(
  `zk-sim on ${values.host}:${port} (tcp${values['no-udp'] ? '' : '+udp'}), zone ${sim.timeZone}, ` +
    `${sim.store.users.length} users, ${sim.store.punchCount} punches (ready in ${Date.now() - started} ms)`,
);

const every = int('realtime-every', values['realtime-every']);
const timer =
  every && sim.store.users.length > 0
    ? setInterval(() => {
        const users = sim.store.users;
        const user = users[Math.floor(Math.random() * users.length)];
        if (user) {
          const punch = sim.emitRealTime({ userId: user.userId });
          console.log(`real-time punch ${punch.userId} at ${punch.time.toISOString()}`);
        }
      }, every)
    : null;

const shutdown = () => {
  if (timer) clearInterval(timer);
  void sim.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
