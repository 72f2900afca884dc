// ADMS mode: the simulator plays a ZKTeco device in push mode against a server over HTTP (team reference §4):
// handshake (GET /iclock/cdata?options=all), ATTLOG uploads (POST /iclock/cdata?table=ATTLOG, tab-separated lines,
// "OK: n" expected), command polling (GET /iclock/getrequest) and command results (POST /iclock/devicecmd).
// Times go out as wall-clock of the device's zone, as a real terminal sends them.
import { ZoneClock, generatePunches, generateUsers, type SimPunchInput } from './records.js';

export type AdmsDeviceOptions = {
  serverUrl: string;
  serialNo: string;
  timeZone?: string;
  pushVersion?: string;
  /** Generated users (ids 1001...) for generated punches. */
  users?: number;
  punches?: SimPunchInput[] | number;
  seed?: number;
  /** Host clock (epoch ms), injectable. */
  now?: () => number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
};

export type HandshakeResult = { ok: boolean; status: number; options: Record<string, string>; text: string };
export type ExecutedCommand = { id: string; command: string; returnCode: number };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export class AdmsDevice {
  readonly zone: ZoneClock;
  private readonly log: (line: string) => void;
  private readonly doFetch: typeof fetch;
  private readonly now: () => number;
  private records: SimPunchInput[] = [];
  /** Punches [0, sent) were acknowledged by the server; the ADMS "stamp" of this simulator. */
  private sent = 0;
  private timer: NodeJS.Timeout | null = null;
  options: Record<string, string> = {};
  readonly executed: ExecutedCommand[] = [];

  constructor(private readonly opts: AdmsDeviceOptions) {
    this.zone = new ZoneClock(opts.timeZone ?? 'Asia/Karachi');
    this.log = opts.log ?? (() => {});
    this.doFetch = opts.fetch ?? fetch;
    this.now = opts.now ?? Date.now;
    const users = generateUsers(opts.users ?? 20);
    this.records =
      typeof opts.punches === 'number'
        ? generatePunches({ count: opts.punches, users, end: new Date(this.now()), seed: opts.seed })
        : [...(opts.punches ?? [])];
  }

  get serialNo(): string {
    return this.opts.serialNo;
  }

  punches(): SimPunchInput[] {
    return [...this.records];
  }

  get pending(): number {
    return this.records.length - this.sent;
  }

  addPunches(punches: SimPunchInput[]): void {
    this.records.push(...punches);
  }

  private url(path: string, query: Record<string, string>): string {
    const q = new URLSearchParams({ SN: this.opts.serialNo, ...query });
    return `${this.opts.serverUrl.replace(/\/$/, '')}${path}?${q.toString()}`;
  }

  /** GET /iclock/cdata?options=all. A line starting with UN or RETRY, or a non-200 status, is a refusal. */
  async handshake(): Promise<HandshakeResult> {
    const res = await this.doFetch(
      this.url('/iclock/cdata', { options: 'all', pushver: this.opts.pushVersion ?? '2.4.1', language: '69' }),
    );
    const text = await res.text();
    const refused = !res.ok || /^(UN|RETRY)/m.test(text);
    const options: Record<string, string> = {};
    for (const line of text.split(/\r?\n/)) {
      const eq = line.indexOf('=');
      if (eq > 0) options[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
    }
    if (!refused) this.options = options;
    this.log(`adms ${this.opts.serialNo}: handshake ${res.status} ${refused ? 'refused' : 'accepted'}`);
    return { ok: !refused, status: res.status, options, text };
  }

  /** The ATTLOG line of a punch: PIN, local time, status, verify, work code, two reserved fields. */
  attlogLine(p: SimPunchInput): string {
    const w = this.zone.wallClock(p.time.getTime());
    const time = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
    return [p.userId, time, String(p.state ?? 0), String(p.verify ?? 1), '0', '0', '0'].join('\t');
  }

  /**
   * Uploads punches not acknowledged yet, `batchSize` lines per request, and stops at the first failure (a real
   * device retries after ErrorDelay). Returns how many the server acknowledged.
   */
  async upload(batchSize = 500): Promise<number> {
    let acknowledged = 0;
    while (this.sent < this.records.length) {
      const batch = this.records.slice(this.sent, this.sent + batchSize);
      const res = await this.doFetch(
        this.url('/iclock/cdata', { table: 'ATTLOG', Stamp: String(this.sent + batch.length) }),
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: batch.map((p) => this.attlogLine(p)).join('\n') + '\n',
        },
      );
      const text = (await res.text()).trim();
      const match = /^OK(?::\s*(\d+))?/.exec(text);
      if (!res.ok || !match) {
        this.log(`adms ${this.opts.serialNo}: upload refused ${res.status} ${text}`);
        break;
      }
      this.sent += batch.length;
      acknowledged += batch.length;
    }
    return acknowledged;
  }

  /** GET /iclock/getrequest with INFO, runs the commands it gets and reports each on /iclock/devicecmd. */
  async poll(): Promise<ExecutedCommand[]> {
    const info = ['Ver 8.0.4-sim', '20', '0', String(this.records.length), '127.0.0.1'].join(',');
    const res = await this.doFetch(this.url('/iclock/getrequest', { INFO: info }));
    const text = await res.text();
    if (!res.ok) return [];
    const done: ExecutedCommand[] = [];
    for (const line of text.split(/\r?\n/)) {
      const m = /^C:([^:]+):(.*)$/.exec(line.trim());
      if (!m) continue;
      const [id, command] = [m[1]!, m[2]!.trim()];
      done.push({ id, command, returnCode: this.execute(command) });
    }
    if (done.length > 0) {
      await this.doFetch(this.url('/iclock/devicecmd', {}), {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: done.map((c) => `ID=${c.id}&Return=${c.returnCode}&CMD=${c.command.split(' ')[0]}`).join('\n'),
      });
      this.executed.push(...done);
    }
    return done;
  }

  /** Return codes as firmware gives them: 0 done, -22 unknown command. */
  private execute(command: string): number {
    if (command === 'CLEAR LOG') {
      this.records = [];
      this.sent = 0;
      return 0;
    }
    if (['CHECK', 'INFO', 'REBOOT'].includes(command)) return 0;
    return -22;
  }

  /** Runs like a device: handshake (retried after ErrorDelay), then upload and poll every Delay seconds. */
  start(): void {
    const tick = async () => {
      let delayS = Number(this.options['Delay'] ?? 10);
      try {
        if (Object.keys(this.options).length === 0) {
          const hs = await this.handshake();
          if (!hs.ok) delayS = Number(hs.options['ErrorDelay'] ?? 30);
        }
        if (Object.keys(this.options).length > 0) {
          const n = await this.upload();
          if (n > 0) this.log(`adms ${this.opts.serialNo}: uploaded ${n} punches`);
          for (const c of await this.poll())
            this.log(`adms ${this.opts.serialNo}: ran ${c.command} -> ${c.returnCode}`);
        }
      } catch (err) {
        this.log(`adms ${this.opts.serialNo}: ${String(err)}`);
        delayS = Number(this.options['ErrorDelay'] ?? 30);
      }
      this.timer = setTimeout(() => void tick(), Math.max(1, delayS) * 1000);
    };
    void tick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
