/**
 * The device agent inside the desktop app's main process. The agent key lives in the OS keychain (secret-store);
 * the agent runs while a key is stored and the app has a company server, uploads to that server, keeps its queue in
 * the app's data folder, restarts when the server or the key changes, and stops on quit. The same DeviceAgent as the
 * headless command (device-agent/cli.ts). Electron-free: main.ts passes the keychain, the server URL and the folder.
 */
import type { SetAgentKeyResult } from '../shared/ipc.js';
import { MESSAGES } from '../shared/messages.js';
import type { DeviceAgentStatus } from '../shared/platform.js';
import { DeviceAgent, zkAdapterFactory, type PollReport } from './device-agent/agent.js';
import { AgentHttpError, createAgentServer } from './device-agent/http-client.js';
import { PunchQueue } from './device-agent/queue.js';
import { installZklibRejectionGuard } from './device-agent/zk-errors.js';
import type { Logger } from './logger.js';
import type { SecretStore } from './secret-store.js';

/** The shape of the keys the server hands out (server/src/modules/devices/agent-keys.ts). */
export const AGENT_KEY_PATTERN = /^tbagent_[A-Za-z0-9_-]{20,200}$/;

export type AgentRuntimeConfig = { serverUrl: string; agentKey: string; dataDir: string };
export type AgentRuntime = { start(): void; stop(): Promise<void>; queued(): number };
export type AgentRuntimeFactory = (
  config: AgentRuntimeConfig,
  onPoll: (report: PollReport | null, error?: unknown) => void,
) => AgentRuntime;

export type SetKeyResult = SetAgentKeyResult;

export type DeviceAgentHostDeps = {
  keyStore: SecretStore;
  serverUrl: () => string | null;
  dataDir: string;
  logger: Logger;
  runtime: AgentRuntimeFactory;
  /** Asks the server whether the key opens the agent API; throws AgentHttpError or a network error. */
  verifyKey: (serverUrl: string, agentKey: string) => Promise<void>;
  now?: () => Date;
};

export type DeviceAgentHost = {
  /** Starts the agent when a key is stored (app start). */
  start(): Promise<void>;
  status(): DeviceAgentStatus;
  /** Checks a new key against the server, stores it and restarts; null forgets the key and stops. */
  setKey(key: string | null): Promise<SetKeyResult>;
  /** The company server changed: the agent follows it. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

export function createDeviceAgentHost(deps: DeviceAgentHostDeps): DeviceAgentHost {
  const now = deps.now ?? (() => new Date());
  let runtime: AgentRuntime | null = null;
  let configured = false;
  let last: { at: string; report: PollReport | null; error: string | null } | null = null;
  // Start, stop and key changes run one at a time: two agents on one queue file would upload twice.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  const halt = async () => {
    const current = runtime;
    runtime = null;
    if (current) await current.stop();
  };

  const launch = async () => {
    await halt();
    const key = await deps.keyStore.get();
    configured = key !== null;
    const serverUrl = deps.serverUrl();
    if (!key || !serverUrl) return;
    last = null;
    runtime = deps.runtime({ serverUrl, agentKey: key, dataDir: deps.dataDir }, (report, error) => {
      last = {
        at: now().toISOString(),
        report,
        error: error === undefined ? null : error instanceof Error ? error.message : String(error),
      };
    });
    runtime.start();
    deps.logger.info({ serverUrl, dataDir: deps.dataDir }, 'device agent started');
  };

  const status = (): DeviceAgentStatus => ({
    configured,
    running: runtime !== null,
    serverUrl: deps.serverUrl(),
    lastPollAt: last?.at ?? null,
    devices: last?.report?.devices ?? 0,
    failedDevices: last?.report?.failed ?? [],
    queued: runtime?.queued() ?? 0,
    lastError:
      last?.error ??
      (last?.report && !last.report.drained ? 'The server could not be reached; punches stay queued.' : null),
  });

  return {
    start: () => serial(launch),
    status,
    restart: () => serial(launch),
    stop: () => serial(halt),
    setKey: (key) =>
      serial(async (): Promise<SetKeyResult> => {
        if (key === null) {
          await halt();
          await deps.keyStore.delete();
          configured = false;
          last = null;
          deps.logger.info('device agent key removed; agent stopped');
          return { ok: true, status: status() };
        }
        const trimmed = key.trim();
        if (!AGENT_KEY_PATTERN.test(trimmed)) return { ok: false, message: MESSAGES.AGENT_KEY_INVALID };
        const serverUrl = deps.serverUrl();
        if (!serverUrl) return { ok: false, message: 'Choose the company server first.' };
        try {
          await deps.verifyKey(serverUrl, trimmed);
        } catch (error) {
          deps.logger.warn({ err: error }, 'device agent key refused');
          if (error instanceof AgentHttpError && (error.status === 401 || error.status === 403))
            return { ok: false, message: MESSAGES.AGENT_KEY_INVALID };
          return { ok: false, message: MESSAGES.UNAVAILABLE };
        }
        await deps.keyStore.set(trimmed);
        await launch();
        return { ok: true, status: status() };
      }),
  };
}

/** The real agent: its SQLite queue in dataDir, the ZK adapter, the server's agent API over fetch. */
export function realAgentRuntime(logger: Logger): AgentRuntimeFactory {
  let guarded = false;
  return (config, onPoll) => {
    if (!guarded) {
      // node-zklib rejects promises nobody awaits; in the main process that would be an unhandled rejection.
      installZklibRejectionGuard({ warn: (obj, msg) => logger.warn(obj, msg) });
      guarded = true;
    }
    const queue = new PunchQueue(config.dataDir);
    const agent = new DeviceAgent({
      server: createAgentServer({ baseUrl: config.serverUrl, agentKey: config.agentKey }),
      queue,
      logger,
      createAdapter: zkAdapterFactory(logger),
      onPoll,
    });
    return {
      start: () => agent.start(),
      stop: async () => {
        await agent.stop();
        queue.close();
      },
      queued: () => queue.size(),
    };
  };
}

/** Lists the agent's devices with the key: 401 when the key is wrong or revoked. */
export async function verifyAgentKey(serverUrl: string, agentKey: string): Promise<void> {
  await createAgentServer({ baseUrl: serverUrl, agentKey, timeoutMs: 8_000 }).listDevices();
}
