/**
 * The admin's "test connection": can the server open a TCP connection to the device's address and port? It says
 * nothing about the ZK protocol (the agent on the office LAN is what talks to the device), only whether the address
 * answers from here. Bounded by a short timeout so an unroutable address cannot hold the request.
 */
import net from 'node:net';
import type { ConnectionFailure, ConnectionTestResponse } from '../../../../shared/contracts/devices.js';

/** The socket's error code as the reason the admin reads. */
export function failureOf(code: string): ConnectionFailure {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
      return 'unreachable';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'unknownHost';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'reset';
    default:
      return 'other';
  }
}

export function probeTcp(host: string, port: number, timeoutMs: number): Promise<ConnectionTestResponse> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const finish = (failure: { reason: ConnectionFailure; error: string } | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        reachable: failure === null,
        latencyMs: failure === null ? Math.round(performance.now() - started) : null,
        reason: failure?.reason ?? null,
        error: failure?.error ?? null,
      });
    };
    const timer = setTimeout(() => finish({ reason: 'timeout', error: `No answer within ${timeoutMs} ms` }), timeoutMs);
    socket.once('connect', () => finish(null));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? err.message;
      finish({ reason: failureOf(code), error: code });
    });
  });
}
