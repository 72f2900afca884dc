/**
 * Main's side of the IPC map in shared/ipc.ts. The renderer is treated as untrusted input: every call is
 * checked to come from the app's own origin and its arguments are validated before any service sees them.
 * main.ts registers these with ipcMain; tests call them directly.
 */
import { z } from 'zod';
import type { InvokeChannel, IpcInvokeMap, IpcSendMap, NotificationPayload, SendChannel } from '../shared/ipc.js';
import { LANGUAGES } from '../shared/i18n/languages.js';
import { IN_APP_LINK_MAX_LENGTH, isInAppLink } from '../shared/in-app-link.js';
import type { TrayState } from '../shared/platform.js';
import type { DeviceAgentHost } from './device-agent-host.js';
import type { Logger } from './logger.js';
import type { DesktopSession } from './desktop-session.js';
import type { ServerConnection } from './server-url.js';
import type { DesktopSso } from './sso-flow.js';
import type { UpdateController } from './updater.js';
import { externalLink, isTrustedSender } from './window-policy.js';

export type IpcServices = {
  appOrigin: string;
  notify: (notification: NotificationPayload) => void;
  /** The link of a notification clicked while the page was loading, once (desktop-notifications.ts). */
  takePendingLink: () => string | null;
  /** Electron's shell.openExternal; only ever called with a URL that passed externalLink(). */
  openExternal: (url: string) => Promise<void>;
  /** Holds the refresh token; the handlers never answer it (security review #10, item 18). */
  session: DesktopSession;
  server: ServerConnection;
  updates: Pick<UpdateController, 'pending' | 'install'>;
  setTrayState: (state: TrayState) => void;
  deviceAgent: Pick<DeviceAgentHost, 'status' | 'setKey'>;
  /** Single sign-on in the system browser; its refresh token goes to `session`, never to the renderer. */
  sso: Pick<DesktopSso, 'start' | 'cancel'>;
  logger: Logger;
};

/** Who called: the URL of the sending frame (event.senderFrame.url). */
export type IpcSender = { frameUrl: string | undefined };

export class IpcRefusedError extends Error {
  override name = 'IpcRefusedError';
}

export type InvokeHandlers = {
  [C in InvokeChannel]: (sender: IpcSender, args: readonly unknown[]) => Promise<IpcInvokeMap[C]['result']>;
};
export type SendHandlers = { [C in SendChannel]: (sender: IpcSender, args: readonly unknown[]) => void };

const notificationSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  body: z.string().max(2000),
  // A path inside the app only (shared/in-app-link.ts): a click must never navigate or open anything else.
  link: z.string().max(IN_APP_LINK_MAX_LENGTH).refine(isInAppLink, 'not an in-app path').optional(),
  id: z.int().min(0).optional(),
}) satisfies z.ZodType<NotificationPayload>;

const trayStateSchema = z.strictObject({
  signedIn: z.boolean(),
  userName: z.string().max(200).optional(),
  attendance: z
    .strictObject({
      state: z.enum(['not-checked-in', 'checked-in', 'on-break', 'checked-out']),
      workedMinutes: z
        .number()
        .finite()
        .min(0)
        .max(2 * 24 * 60),
    })
    .nullable()
    .optional(),
  language: z.enum(LANGUAGES).optional(),
  actionCount: z.int().min(0).max(1_000_000).optional(),
}) satisfies z.ZodType<TrayState>;

const schemas = {
  notify: z.tuple([notificationSchema]),
  'notification:pending-link': z.tuple([]),
  'open-external': z.tuple([z.string().max(4096)]),
  // The server's refresh tokens are at most 200 characters; the margin is for a future format.
  'session:keep': z.tuple([z.string().min(1).max(4096)]),
  'session:refresh': z.tuple([]),
  'session:sign-out': z.tuple([]),
  'session:forget': z.tuple([]),
  'server-url:get': z.tuple([]),
  'server-url:set': z.union([
    z.tuple([z.string().max(2048)]),
    z.tuple([z.string().max(2048), z.strictObject({ confirmPlainHttp: z.boolean().optional() })]),
  ]),
  'update:pending': z.tuple([]),
  'update:install': z.tuple([]),
  'device-agent:status': z.tuple([]),
  // Server keys are about 50 characters; the host checks their shape and asks the server.
  'device-agent:set-key': z.tuple([z.string().min(1).max(512).nullable()]),
  // The server checks the address; this only bounds what crosses the process boundary.
  'sso:start': z.tuple([z.string().trim().min(3).max(254)]),
  'sso:cancel': z.tuple([]),
} satisfies { [C in InvokeChannel]: z.ZodType<IpcInvokeMap[C]['args']> };

const sendSchemas = {
  'tray:set-state': z.tuple([trayStateSchema]),
} satisfies { [C in SendChannel]: z.ZodType<IpcSendMap[C]['args']> };

export function createIpcHandlers(services: IpcServices): { invoke: InvokeHandlers; send: SendHandlers } {
  const { logger } = services;

  const accept = <T>(channel: string, sender: IpcSender, schema: z.ZodType<T>, args: readonly unknown[]): T => {
    if (!isTrustedSender(sender.frameUrl, services.appOrigin)) {
      logger.warn({ channel, frameUrl: sender.frameUrl }, 'IPC from a frame outside the app refused');
      throw new IpcRefusedError(`${channel}: refused`);
    }
    const parsed = schema.safeParse(args);
    if (!parsed.success) {
      logger.warn({ channel, issues: parsed.error.issues.map((issue) => issue.message) }, 'invalid IPC arguments');
      throw new IpcRefusedError(`${channel}: invalid arguments`);
    }
    return parsed.data;
  };

  const invoke: InvokeHandlers = {
    notify: async (sender, args) => {
      const [notification] = accept('notify', sender, schemas.notify, args);
      services.notify(notification);
    },
    'notification:pending-link': async (sender, args) => {
      accept('notification:pending-link', sender, schemas['notification:pending-link'], args);
      return services.takePendingLink();
    },
    'open-external': async (sender, args) => {
      const [url] = accept('open-external', sender, schemas['open-external'], args);
      const link = externalLink(url);
      if (link === null) {
        logger.warn({ url: url.slice(0, 200) }, 'refused to open a non-http(s) link');
        return { ok: false };
      }
      await services.openExternal(link);
      return { ok: true };
    },
    'session:keep': async (sender, args) => {
      const [token] = accept('session:keep', sender, schemas['session:keep'], args);
      await services.session.keep(token);
    },
    'session:refresh': async (sender, args) => {
      accept('session:refresh', sender, schemas['session:refresh'], args);
      return services.session.refresh();
    },
    'session:sign-out': async (sender, args) => {
      accept('session:sign-out', sender, schemas['session:sign-out'], args);
      await services.session.signOut();
    },
    'session:forget': async (sender, args) => {
      accept('session:forget', sender, schemas['session:forget'], args);
      await services.session.forget();
    },
    'server-url:get': async (sender, args) => {
      accept('server-url:get', sender, schemas['server-url:get'], args);
      return services.server.current();
    },
    'server-url:set': async (sender, args) => {
      const [url, options] = accept('server-url:set', sender, schemas['server-url:set'], args);
      return services.server.change(url, options);
    },
    'update:pending': async (sender, args) => {
      accept('update:pending', sender, schemas['update:pending'], args);
      return services.updates.pending();
    },
    'update:install': async (sender, args) => {
      accept('update:install', sender, schemas['update:install'], args);
      return services.updates.install();
    },
    'device-agent:status': async (sender, args) => {
      accept('device-agent:status', sender, schemas['device-agent:status'], args);
      return services.deviceAgent.status();
    },
    'device-agent:set-key': async (sender, args) => {
      const [key] = accept('device-agent:set-key', sender, schemas['device-agent:set-key'], args);
      return services.deviceAgent.setKey(key);
    },
    'sso:start': async (sender, args) => {
      const [email] = accept('sso:start', sender, schemas['sso:start'], args);
      const result = await services.sso.start(email);
      if (!result.ok) return { ok: false, code: result.code };
      await services.session.keep(result.refreshToken);
      return { ok: true, accessToken: result.accessToken, expiresIn: result.expiresIn };
    },
    'sso:cancel': async (sender, args) => {
      accept('sso:cancel', sender, schemas['sso:cancel'], args);
      services.sso.cancel();
    },
  };

  const send: SendHandlers = {
    'tray:set-state': (sender, args) => {
      try {
        const [state] = accept('tray:set-state', sender, sendSchemas['tray:set-state'], args);
        services.setTrayState(state);
      } catch (error) {
        // Nobody awaits a send: the warning above is the whole report.
        if (!(error instanceof IpcRefusedError)) throw error;
      }
    },
  };

  return { invoke, send };
}
