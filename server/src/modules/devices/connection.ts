/**
 * The admin's "test connection": can the server open a TCP connection to the device's address and port? It says
 * nothing about the ZK protocol (the agent on the office LAN is what talks to the device), only whether the address
 * answers from here. Bounded by a short timeout so an unroutable address cannot hold the request.
 */
import net from 'node:net';
import type { ConnectionTestResponse } from '../../../../shared/contracts/devices.js';

export function probeTcp(host: string, port: number, timeoutMs: number): Promise<ConnectionTestResponse> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        reachable: error === null,
        latencyMs: error === null ? Math.round(performance.now() - started) : null,
        error,
      });
    };
    const timer = setTimeout(() => finish(`No answer within ${timeoutMs} ms`), timeoutMs);
    socket.once('connect', () => finish(null));
    socket.once('error', (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
  });
}
