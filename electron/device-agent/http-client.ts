// The device agent's side of the server's agent API (`Authorization: Agent <key>`), over fetch. Any failure is
// thrown: the agent keeps the punches queued and retries with backoff.
// Methods and paths come from the endpoint map, so a renamed agent route is a compile error here too.
import type { AgentDevice, AgentDeviceState, AgentPunch, AgentPunchResult } from '../../shared/contracts/devices.js';
import type { EndpointDef, RequestOf, ResponseOf } from '../../shared/endpoints/define.js';
import { deviceAgentEndpoints as ep } from '../../shared/endpoints/devices.js';

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

type BodyOf<E extends EndpointDef> = RequestOf<E> extends { body?: infer B } ? B : never;

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

  async function call<E extends EndpointDef>(endpoint: E, body?: BodyOf<E>): Promise<ResponseOf<E>> {
    const { method, path } = endpoint;
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
    return (text ? JSON.parse(text) : undefined) as ResponseOf<E>;
  }

  return {
    listDevices: async () => (await call(ep.listAgentDevices)).items,
    uploadPunches: (punches) => call(ep.uploadAgentPunches, { punches }),
    reportState: async (state) => {
      await call(ep.reportAgentDeviceState, state);
    },
  };
}
