/**
 * The logger the shell's modules take as a parameter: the subset of pino's API they use, so main.ts passes
 * a pino instance and tests pass a recorder. No module logs through `console`.
 */
export type LogFn = (objOrMsg: object | string, msg?: string) => void;
export type Logger = { info: LogFn; warn: LogFn; error: LogFn; debug: LogFn };

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

export type LogEntry = { level: keyof Logger; obj: object | string; msg: string | undefined };

/** A logger that keeps its entries, for tests that assert what was reported. */
export function recordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: keyof Logger): LogFn =>
    (obj, msg) => {
      entries.push({ level, obj, msg });
    };
  return { entries, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}
