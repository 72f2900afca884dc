// Runs a simulated push (ADMS) device against a server by hand:
//   npx tsx tools/zk-sim/adms-cli.ts --server http://127.0.0.1:3000 --sn SIM0001 --punches 200
// Flags are documented in README.md beside this file and by --help.
import { parseArgs } from 'node:util';
import { AdmsDevice } from './adms.js';

const HELP = `zk-sim ADMS mode: a ZKTeco push device talking HTTP to a Teambeat server

  --server <url>         server address the device is told to use (default http://127.0.0.1:3000)
  --sn <serial>          serial number (default SIM0001)
  --tz <zone>            IANA zone of the device clock (default Asia/Karachi)
  --users <n>            generated users, ids 1001.. (default 20)
  --punches <n>          generated punches over the last 30 days (default 100)
  --realtime-every <ms>  add a punch of a random user every ms (uploaded on the next cycle)
  --help`;

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://127.0.0.1:3000' },
    sn: { type: 'string', default: 'SIM0001' },
    tz: { type: 'string', default: 'Asia/Karachi' },
    users: { type: 'string', default: '20' },
    punches: { type: 'string', default: '100' },
    'realtime-every': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const users = Number(values.users);
const device = new AdmsDevice({
  serverUrl: values.server,
  serialNo: values.sn,
  timeZone: values.tz,
  users,
  punches: Number(values.punches),
  log: (line) => console.log(line),
});
console.log(`ADMS device ${values.sn} (${values.tz}) -> ${values.server}, ${device.pending} punches to send`);
device.start();

const every = values['realtime-every'] ? Number(values['realtime-every']) : 0;
const timer =
  every > 0
    ? setInterval(() => {
        const userId = String(1001 + Math.floor(Math.random() * users));
        device.addPunches([{ userId, time: new Date(Math.floor(Date.now() / 1000) * 1000) }]);
        console.log(`punch ${userId}`);
      }, every)
    : null;

const shutdown = () => {
  if (timer) clearInterval(timer);
  device.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
