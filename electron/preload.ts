/**
 * The desktop's PlatformApi, exposed to the renderer as the one object `window.teambeat`. It runs in a
 * sandboxed preload: no Node, only a few Electron modules, one CommonJS file (electron/build.ts bundles it
 * with shared/ipc.ts). The renderer never sees ipcRenderer or an IPC event, only these functions.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  APP_VERSION_ARG,
  type EventChannel,
  type InvokeChannel,
  type IpcEventMap,
  type IpcInvokeMap,
  type IpcSendMap,
  type SendChannel,
} from '../shared/ipc.js';
import type { PlatformApi, UpdateInfo } from '../shared/platform.js';

function invoke<C extends InvokeChannel>(
  channel: C,
  ...args: IpcInvokeMap[C]['args']
): Promise<IpcInvokeMap[C]['result']> {
  return ipcRenderer.invoke(channel, ...args);
}

function send<C extends SendChannel>(channel: C, ...args: IpcSendMap[C]['args']): void {
  ipcRenderer.send(channel, ...args);
}

function subscribe<C extends EventChannel>(channel: C, listener: (payload: IpcEventMap[C]) => void): () => void {
  // The wrapper drops the event object: it would hand the renderer a reference to ipcRenderer (sender).
  const wrapped = (_event: IpcRendererEvent, payload: IpcEventMap[C]) => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

const versionArg = process.argv.find((arg) => arg.startsWith(APP_VERSION_ARG));

/**
 * A notification's link (notification:open) is taken from the preload's start, before the renderer's
 * router has subscribed: a click that brought the window up may land in between. A link nobody listened to
 * waits here for the first listener, as does the one main kept while the page was loading.
 */
const linkListeners = new Set<(link: string) => void>();
let waitingLink: string | null = null;
let askedMainForLink = false;
const deliverLink = (link: string) => {
  if (linkListeners.size === 0) waitingLink = link;
  for (const listener of linkListeners) listener(link);
};
subscribe('notification:open', ({ link }) => deliverLink(link));

const teambeat = {
  kind: 'desktop',
  appVersion: versionArg ? versionArg.slice(APP_VERSION_ARG.length) : '0.0.0',
  notify: ({ title, body, link, id }) =>
    invoke('notify', { title, body, ...(link === undefined ? {} : { link }), ...(id === undefined ? {} : { id }) }),
  onOpenLink: (listener) => {
    linkListeners.add(listener);
    if (waitingLink !== null) {
      const link = waitingLink;
      waitingLink = null;
      listener(link);
    }
    if (!askedMainForLink) {
      askedMainForLink = true;
      void invoke('notification:pending-link').then((link) => {
        if (link !== null) deliverLink(link);
      });
    }
    return () => {
      linkListeners.delete(listener);
    };
  },
  openExternal: async (url) => {
    const { ok } = await invoke('open-external', url);
    if (!ok) throw new Error('Only http and https links can be opened.');
  },
  desktopSession: {
    keep: (refreshToken) => invoke('session:keep', refreshToken),
    refresh: () => invoke('session:refresh'),
    signOut: () => invoke('session:sign-out'),
    forget: () => invoke('session:forget'),
  },
  getServerUrl: () => invoke('server-url:get'),
  setServerUrl: async (url, options) => {
    const result = await (options ? invoke('server-url:set', url, options) : invoke('server-url:set', url));
    // The message is written for people (server-url.ts); the renderer shows it next to the field.
    if (!result.ok) throw new Error(result.message);
  },
  setTrayState: (state) => send('tray:set-state', state),
  onTrayCommand: (listener) => subscribe('tray:command', listener),
  onUpdateAvailable: (listener) => {
    let active = true;
    let delivered: string | null = null;
    const deliver = (info: UpdateInfo) => {
      if (!active || delivered === info.version) return;
      delivered = info.version;
      listener(info);
    };
    const unsubscribe = subscribe('update:available', deliver);
    // An update may have finished downloading before the renderer subscribed (or before a reload).
    void invoke('update:pending').then((pending) => {
      if (pending) deliver(pending);
    });
    return () => {
      active = false;
      unsubscribe();
    };
  },
  installUpdate: async () => {
    const result = await invoke('update:install');
    if (!result.ok) throw new Error(result.message);
  },
  deviceAgent: {
    status: () => invoke('device-agent:status'),
    setKey: async (key) => {
      const result = await invoke('device-agent:set-key', key);
      if (!result.ok) throw new Error(result.message);
      return result.status;
    },
  },
  singleSignOn: {
    start: (email) => invoke('sso:start', email),
    cancel: () => invoke('sso:cancel'),
  },
} satisfies PlatformApi;

contextBridge.exposeInMainWorld('teambeat', teambeat);
