// The simulated ZKTeco terminal: a TCP server and a UDP socket on the same port of 127.0.0.1, one DeviceSession per
// client, replies serialised per client, fault injection applied at write time.
import dgram from 'node:dgram';
import net from 'node:net';
import { DropTracker, defaultFaults, frameGap, sleep, type ZkFaults } from './faults.js';
import { CMD, TcpFrameReader, UDP_DATA_BYTES, decodePacket, encodePacket, wrapTcp, type ZkPacket } from './protocol.js';
import {
  DeviceStore,
  ZoneClock,
  generatePunches,
  generateUsers,
  prng,
  type SimPunch,
  type SimPunchInput,
  type SimUser,
} from './records.js';
import { DeviceSession, prepareData, type DeviceContext, type ReplyUnit } from './session.js';

export type ZkSimulatorOptions = {
  host?: string;
  /** 0 (default) lets the OS choose a free port; start() returns it. */
  port?: number;
  /** Also answer UDP on the same port (node-zklib's fallback when TCP is refused). Default true. */
  udp?: boolean;
  /** IANA zone of the device; it stores and reports local wall-clock times of this zone. */
  timeZone?: string;
  /** Host clock (epoch ms); injectable for tests. */
  now?: () => number;
  /** Device clock = now() + clockOffsetMs (a terminal whose clock drifted). */
  clockOffsetMs?: number;
  users?: SimUser[] | number;
  /** Punches, or a count to generate over the 30 days before the device clock. */
  punches?: SimPunchInput[] | number;
  seed?: number;
  directMaxBytes?: number;
  logCapacity?: number;
  faults?: Partial<ZkFaults>;
  log?: (line: string) => void;
  /** What the device says it is: CMD_OPTIONS_RRQ `~SerialNumber` (default SIM0001), `~Platform`, CMD_GET_VERSION. */
  serialNumber?: string;
  platform?: string;
  firmware?: string;
  /** Old firmware's record layouts (16-byte punches with a numeric user id, 28-byte users) instead of 40 and 72. */
  oldFirmware?: boolean;
};

export type ZkSimulatorStats = {
  tcpConnections: number;
  /** Connections reset by the 'refuse: reset' fault. */
  refused: number;
  udpSessions: number;
  commands: Record<number, number>;
  transfers: number;
  drops: number;
  chunksSent: number;
  /** Size of the largest UDP datagram sent (a real terminal's are about 1 KB). */
  largestUdpPacket: number;
};

type Conn = {
  session: DeviceSession;
  chain: Promise<void>;
  closed: boolean;
  send(frames: Buffer[], coalesce: boolean): Promise<void>;
  drop(): void;
  close(): void;
};

export class ZkSimulator {
  readonly store: DeviceStore;
  private faults: ZkFaults;
  private readonly host: string;
  private boundPort = 0;
  private tcp: net.Server | null = null;
  private udp: dgram.Socket | null = null;
  private readonly conns = new Set<Conn>();
  private readonly udpPeers = new Map<string, Conn>();
  private readonly tracker: DropTracker;
  private readonly now: () => number;
  private clockOffsetMs: number;
  private sessionCounter = 0;
  private readonly log: (line: string) => void;
  private readonly splitRandom = prng(4370);
  /** Serial number the device reports; a test can change it to play a swapped terminal at the same address. */
  serialNumber: string;
  readonly stats: ZkSimulatorStats = {
    tcpConnections: 0,
    refused: 0,
    udpSessions: 0,
    commands: {},
    transfers: 0,
    drops: 0,
    chunksSent: 0,
    largestUdpPacket: 0,
  };

  constructor(private readonly options: ZkSimulatorOptions = {}) {
    this.host = options.host ?? '127.0.0.1';
    this.now = options.now ?? Date.now;
    this.clockOffsetMs = options.clockOffsetMs ?? 0;
    this.faults = { ...defaultFaults(), ...options.faults };
    this.tracker = new DropTracker(() => this.faults);
    this.log = options.log ?? (() => {});
    this.serialNumber = options.serialNumber ?? 'SIM0001';
    this.store = new DeviceStore(new ZoneClock(options.timeZone ?? 'Asia/Karachi'));
    const users = typeof options.users === 'number' ? generateUsers(options.users) : (options.users ?? []);
    this.store.addUsers(users);
    const punches =
      typeof options.punches === 'number'
        ? generatePunches({ count: options.punches, users, end: new Date(this.deviceTimeMs()), seed: options.seed })
        : (options.punches ?? []);
    this.store.addPunches(punches);
  }

  get port(): number {
    return this.boundPort;
  }

  get timeZone(): string {
    return this.store.zone.timeZone;
  }

  deviceTimeMs(): number {
    return this.now() + this.clockOffsetMs;
  }

  setDeviceTime(time: Date): void {
    this.clockOffsetMs = time.getTime() - this.now();
  }

  getFaults(): ZkFaults {
    return { ...this.faults };
  }

  /** Change faults while running; 'refuse: closed' stops the TCP listener, clearing it listens again. */
  async setFaults(faults: Partial<ZkFaults>): Promise<void> {
    const wasClosed = this.faults.refuse === 'closed';
    this.faults = { ...this.faults, ...faults };
    if ('dropAfterBytes' in faults || 'dropAfterChunks' in faults || 'dropTimes' in faults) this.tracker.dropsDone = 0;
    if (!this.boundPort) return;
    if (this.faults.refuse === 'closed' && !wasClosed) await this.closeTcpListener();
    if (this.faults.refuse !== 'closed' && wasClosed) await this.listenTcp(this.boundPort);
  }

  async start(): Promise<number> {
    if (this.boundPort) return this.boundPort;
    const wanted = this.options.port ?? 0;
    for (let attempt = 0; ; attempt++) {
      const port = await this.listenTcp(wanted);
      if (this.options.udp === false) {
        this.boundPort = port;
        break;
      }
      try {
        await this.bindUdp(port);
        this.boundPort = port;
        break;
      } catch (err) {
        // The OS gave a TCP port whose UDP twin is taken: try another free port (never when one was asked for).
        await this.closeTcpListener();
        if (wanted !== 0 || attempt >= 10) throw err;
      }
    }
    if (this.faults.refuse === 'closed') await this.closeTcpListener();
    this.log(`zk-sim listening on ${this.host}:${this.boundPort} (zone ${this.timeZone})`);
    return this.boundPort;
  }

  async stop(): Promise<void> {
    for (const conn of this.conns) conn.drop();
    this.conns.clear();
    this.udpPeers.clear();
    await this.closeTcpListener();
    const udp = this.udp;
    this.udp = null;
    if (udp) await new Promise<void>((resolve) => udp.close(() => resolve()));
    this.boundPort = 0;
  }

  addUsers(users: SimUser[]): void {
    this.store.addUsers(users);
  }

  addPunches(punches: SimPunchInput[]): void {
    this.store.addPunches(punches);
  }

  punches(): SimPunch[] {
    return this.store.punches();
  }

  /** A punch on the terminal: logged, and pushed to every client registered for real-time events. */
  emitRealTime(input: { userId: string; time?: Date; state?: number; verify?: number }): SimPunch {
    const time = new Date(Math.floor((input.time?.getTime() ?? this.deviceTimeMs()) / 1000) * 1000);
    this.store.addPunches([{ ...input, time }]);
    const user = this.store.users.find((u) => u.userId === input.userId);
    const punch: SimPunch = {
      userSn: user?.uid ?? 0,
      userId: input.userId,
      time,
      verify: input.verify ?? 1,
      state: input.state ?? 0,
    };
    for (const conn of [...this.conns, ...this.udpPeers.values()]) {
      if (!conn.session.wantsRealTime()) continue;
      // Queued behind any reply in progress: node-zklib takes the first frame after a command as its reply.
      this.enqueue(conn, async () => {
        await conn.send([conn.session.realTimeEvent(punch)], false);
        await frameGap(this.faults.frameGapMs);
      });
    }
    return punch;
  }

  private context(): DeviceContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter below is evaluated on the object literal
    const sim = this;
    return {
      store: this.store,
      deviceTimeMs: () => this.deviceTimeMs(),
      setDeviceTimeMs: (ms) => (this.clockOffsetMs = ms - this.now()),
      directMaxBytes: this.options.directMaxBytes ?? 8192,
      logCapacity: Math.max(this.options.logCapacity ?? 100_000, this.store.punchCount),
      userCapacity: Math.max(3000, this.store.users.length),
      nextSessionId: () => (this.sessionCounter = (this.sessionCounter % 60000) + 1) + 4000,
      options: {
        get '~SerialNumber'() {
          return sim.serialNumber; // read when asked: a test may change it while a client stays connected
        },
        '~Platform': this.options.platform ?? 'ZMM220_TFT',
        '~DeviceName': 'K40 Pro',
        '~OEMVendor': 'ZKTeco Inc.',
        '~ZKFPVersion': '10',
      },
      firmware: this.options.firmware ?? 'Ver 6.60 Apr 28 2017',
      layout: this.options.oldFirmware ? 'old' : 'current',
    };
  }

  private enqueue(conn: Conn, work: () => Promise<void>): void {
    conn.chain = conn.chain.then(async () => {
      if (conn.closed) return;
      try {
        await work();
      } catch (err) {
        this.log(`zk-sim reply failed: ${String(err)}`);
        conn.drop();
      }
    });
  }

  private async reply(conn: Conn, request: ZkPacket): Promise<void> {
    this.stats.commands[request.command] = (this.stats.commands[request.command] ?? 0) + 1;
    const f = this.faults;
    if (f.replyDelayMs > 0 && (f.delayCommands.length === 0 || f.delayCommands.includes(request.command))) {
      await sleep(f.replyDelayMs);
      if (conn.closed) return;
    }
    if (request.command === CMD.DATA_WRRQ) {
      this.tracker.startTransfer();
      this.stats.transfers++;
    }
    for (const unit of conn.session.handle(request)) {
      if (conn.closed) return;
      if (!(await this.sendUnit(conn, unit))) {
        this.stats.drops++;
        this.log('zk-sim: dropping the connection mid-transfer (fault)');
        conn.drop();
        return;
      }
    }
  }

  /** Sends one reply unit; false when a drop fault fired and the connection must be cut. */
  private async sendUnit(conn: Conn, unit: ReplyUnit): Promise<boolean> {
    const gap = this.faults.frameGapMs;
    if (unit.kind === 'packet') {
      await conn.send([unit.packet], false);
      await frameGap(gap);
      if (unit.closeAfter) conn.close();
      return true;
    }
    if (unit.kind === 'chunk' && this.tracker.dropBeforeChunk()) return false;
    const allowed = this.tracker.allowedPayload(unit.payload.length);
    const data = encodePacket(CMD.DATA, unit.sessionId, unit.replyId, unit.payload);
    if (unit.kind === 'direct') {
      if (allowed !== null) {
        await conn.send([data.subarray(0, 8 + allowed)], false);
        return false;
      }
      await conn.send([data], false);
      await frameGap(gap);
      return true;
    }
    const prepare = encodePacket(CMD.PREPARE_DATA, unit.sessionId, unit.replyId, prepareData(unit.payload.length));
    if (allowed !== null) {
      await conn.send([prepare], false);
      await frameGap(gap);
      await conn.send([data.subarray(0, 8 + allowed)], false);
      return false;
    }
    const ack = encodePacket(CMD.ACK_OK, unit.sessionId, unit.replyId);
    if (conn.session.transport === 'udp') {
      // A terminal sends a chunk over UDP as CMD_DATA packets of about 1 KB, then ACK_OK: never one 64 KB datagram.
      const packets = [prepare];
      for (let at = 0; at < unit.payload.length; at += UDP_DATA_BYTES) {
        const part = unit.payload.subarray(at, at + UDP_DATA_BYTES);
        packets.push(encodePacket(CMD.DATA, unit.sessionId, unit.replyId, part));
      }
      packets.push(ack);
      // One datagram per turn of the event loop: a terminal is slower than loopback, and a burst of ~64 datagrams
      // overflows a receive buffer that no one drains in between (UDP has no flow control).
      for (const packet of packets) {
        await conn.send([packet], false);
        await frameGap(gap);
      }
    } else if (this.faults.coalesce) {
      await conn.send([prepare, data, ack], true);
      await frameGap(gap);
    } else {
      // DATA and its ACK_OK share one write on purpose: node-zklib completes the chunk on DATA and discards the rest
      // of that read. A separate trailing ACK_OK after the last chunk would be taken as the reply to the next
      // command (FREE_DATA), shifting every later reply by one frame.
      await conn.send([prepare], false);
      await frameGap(gap);
      await conn.send([data, ack], true);
      await frameGap(gap);
    }
    this.tracker.chunkSent();
    this.stats.chunksSent++;
    return true;
  }

  private listenTcp(port: number): Promise<number> {
    const server = net.createServer((socket) => this.onTcpConnection(socket));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.host, () => {
        server.off('error', reject);
        this.tcp = server;
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  private async closeTcpListener(): Promise<void> {
    const server = this.tcp;
    this.tcp = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private onTcpConnection(socket: net.Socket): void {
    socket.on('error', () => {}); // clients vanishing mid-reply are part of the job
    if (this.faults.refuse === 'reset') {
      this.stats.refused++;
      socket.resetAndDestroy();
      return;
    }
    this.stats.tcpConnections++;
    socket.setNoDelay(true);
    const reader = new TcpFrameReader();
    const conn: Conn = {
      session: new DeviceSession(this.context(), 'tcp'),
      chain: Promise.resolve(),
      closed: false,
      // Several frames in one send are one write: that is what the coalesce fault is made of.
      send: async (frames) => {
        if (conn.closed || socket.destroyed) return;
        const bytes = Buffer.concat(frames.map(wrapTcp));
        if (!this.faults.splitWrites) {
          await new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
          return;
        }
        // Random cuts, anywhere (inside the 8-byte prefix too), each piece after a turn of the event loop.
        for (let at = 0; at < bytes.length && !socket.destroyed;) {
          const size = 1 + Math.floor(this.splitRandom() * Math.min(bytes.length - at, 3000));
          const piece = bytes.subarray(at, at + size);
          at += size;
          await new Promise<void>((resolve) => socket.write(piece, () => resolve()));
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      },
      drop: () => {
        conn.closed = true;
        socket.destroy();
      },
      close: () => {
        conn.closed = true;
        socket.end();
      },
    };
    this.conns.add(conn);
    socket.on('data', (chunk) => {
      for (const packet of reader.push(chunk)) this.enqueue(conn, () => this.reply(conn, packet));
    });
    socket.on('close', () => {
      conn.closed = true;
      this.conns.delete(conn);
    });
  }

  private bindUdp(port: number): Promise<void> {
    const socket = dgram.createSocket('udp4');
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, this.host, () => {
        socket.off('error', reject);
        socket.on('error', (err) => this.log(`zk-sim udp error: ${String(err)}`));
        socket.on('message', (msg, peer) => this.onUdpMessage(socket, msg, peer));
        this.udp = socket;
        resolve();
      });
    });
  }

  private onUdpMessage(socket: dgram.Socket, msg: Buffer, peer: dgram.RemoteInfo): void {
    let packet: ZkPacket;
    try {
      packet = decodePacket(msg);
    } catch {
      return;
    }
    const key = `${peer.address}:${peer.port}`;
    let conn = this.udpPeers.get(key);
    if (!conn || packet.command === CMD.CONNECT) {
      this.stats.udpSessions++;
      const fresh: Conn = {
        session: new DeviceSession(this.context(), 'udp'),
        chain: Promise.resolve(),
        closed: false,
        send: async (frames) => {
          for (const frame of frames) {
            if (fresh.closed) return;
            this.stats.largestUdpPacket = Math.max(this.stats.largestUdpPacket, frame.length);
            await new Promise<void>((resolve) => socket.send(frame, peer.port, peer.address, () => resolve()));
          }
        },
        // UDP has no connection to cut: a dropped transfer simply stops, and the session is forgotten.
        drop: () => {
          fresh.closed = true;
          this.udpPeers.delete(key);
        },
        close: () => fresh.drop(),
      };
      conn = fresh;
      this.udpPeers.set(key, fresh);
    }
    const target = conn;
    this.enqueue(target, () => this.reply(target, packet));
  }
}
