// The device agent's side of the server's agent API (`Authorization: Agent <key>`), over fetch. Any failure is
// thrown: the agent keeps the punches queued and retries with backoff.
import type { AgentDevice, AgentDeviceState, AgentPunch, AgentPunchResult } from '../../shared/contracts/devices.js';

export type AgentServer = {
  listDevices(): Promise<AgentDevice[]>;
  uploadPunches(punches: AgentPunch[]): Promise<AgentPunchResult>;
  reportState(state: AgentDeviceState): Promise<void>;
};

export class AgentHttpError extends Error {
  override readonly name = 'AgentHttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type AgentServerOptions = {
  baseUrl: string;
  agentKey: string;
  fetch?: typeof fetch;
  /** Per request; an upload of a full batch takes well under this on a healthy server. */
  timeoutMs?: number;
};

export function createAgentServer(options: AgentServerOptions): AgentServer {
  const base = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Agent ${options.agentKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) throw new AgentHttpError(res.status, `${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    listDevices: async () => (await call<{ items: AgentDevice[] }>('GET', '/api/agent/devices')).items,
    uploadPunches: (punches) => call<AgentPunchResult>('POST', '/api/agent/punches', { punches }),
    reportState: async (state) => {
      await call('POST', '/api/agent/device-state', state);
    },
  };
}
