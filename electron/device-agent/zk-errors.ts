// Errors the adapter raises, and the process-level guard for rejections node-zklib leaks where no caller can catch
// them (reference §3.2: readWithBuffer keeps running after reject and dereferences null inside an async Promise
// executor; on Node >= 15 that unhandled rejection kills the process).

export const ZK_ERROR = {
  /** The outer timeout expired (a slow or silent device, or node-zklib waiting forever). */
  TIMEOUT: 'ZK_TIMEOUT',
  /** Could not connect, or the connection broke during a call. */
  CONNECTION: 'ZK_CONNECTION',
  /** A read ended early: node-zklib returned a non-null err, or fewer records than the device counts. */
  PARTIAL_READ: 'ZK_PARTIAL_READ',
  /** The device answered, but not with what the command expects. */
  BAD_REPLY: 'ZK_BAD_REPLY',
  /** The adapter was closed. */
  CLOSED: 'ZK_ADAPTER_CLOSED',
} as const;

export type ZkErrorCode = (typeof ZK_ERROR)[keyof typeof ZK_ERROR];

export class ZkAdapterError extends Error {
  override readonly name = 'ZkAdapterError';

  constructor(
    readonly code: ZkErrorCode,
    message: string,
    readonly details: { attempts?: number; received?: number; expected?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
  }
}

type ZkErrorLike = { err?: { message?: string; code?: string }; command?: string };

const isZkErrorLike = (reason: unknown): reason is ZkErrorLike =>
  typeof reason === 'object' && reason !== null && 'err' in reason;

/** node-zklib rejects with `ZKError {err, ip, command}`, which is not an Error: get a readable message out of it. */
export function describeZkFailure(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (isZkErrorLike(reason)) {
    const what = [reason.command?.trim(), reason.err?.code, reason.err?.message];
    return what.filter((part) => part && part !== 'undefined').join(': ') || 'node-zklib failure';
  }
  return String(reason);
}

export type RejectionGuardLogger = { warn(obj: object, msg?: string): void };

const guarded = new WeakSet<NodeJS.Process>();

function comesFromZklib(reason: unknown): boolean {
  const stack = reason instanceof Error ? reason.stack : undefined;
  return typeof stack === 'string' && /node-zklib[\\/]/.test(stack);
}

/**
 * Keeps node-zklib's leaked rejections from crashing the process: they are logged and dropped. Any other unhandled
 * rejection keeps Node's default behaviour (the process crashes) unless the host application has its own listener.
 * The adapter already stops the known leak at its source; this is the safety net for ones nobody has found yet.
 * Idempotent per process.
 */
export function installZklibRejectionGuard(logger: RejectionGuardLogger, proc: NodeJS.Process = process): void {
  if (guarded.has(proc)) return;
  guarded.add(proc);
  const listener = (reason: unknown): void => {
    if (comesFromZklib(reason)) {
      logger.warn({ err: reason }, 'node-zklib leaked a rejection; ignored');
      return;
    }
    // Ours is the only listener: restore Node's default, which is to crash on an unhandled rejection.
    if (proc.listenerCount('unhandledRejection') === 1) throw reason;
  };
  proc.on('unhandledRejection', listener);
}
