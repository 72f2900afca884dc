/**
 * The desktop shell's main process. It only wires Electron's objects into the plain modules beside it
 * (window-policy, app-protocol, secret-store, server-url, tray-menu, updater, instance, ipc-handlers,
 * desktop-notifications), which hold the rules and are tested under Node; what is left here cannot run
 * without Electron.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
  Tray,
  type MenuItemConstructorOptions,
} from 'electron';
import electronUpdater from 'electron-updater';
import { pino } from 'pino';
import { INVOKE_CHANNELS, type EventChannel, type IpcEventMap } from '../shared/ipc.js';
import type { TrayCommand, TrayState } from '../shared/platform.js';
import { pickLanguage } from '../shared/i18n/languages.js';
import { createAppProtocolHandler } from './app-protocol.js';
import { createDesktopNotifier, createLinkDelivery } from './desktop-notifications.js';
import { createDeviceAgentHost, realAgentRuntime, verifyAgentKey } from './device-agent-host.js';
import {
  createInstanceCoordinator,
  createQuitGuard,
  DEEP_LINK_SCHEME,
  findDeepLink,
  parseDeepLink,
} from './instance.js';
import { createIpcHandlers } from './ipc-handlers.js';
import type { Logger } from './logger.js';
import { createRefreshTokenStore, loadKeytar, type SafeStorageLike } from './secret-store.js';
import { createDesktopSession } from './desktop-session.js';
import { createServerConnection, fileServerUrlStore, probeServer } from './server-url.js';
import {
  createDesktopSso,
  deepLinkFromArgv,
  isSsoLink,
  listenLoopback,
  realSsoTimers,
  ssoReturnChannel,
} from './sso-flow.js';
import { PRODUCT_NAME, trayModel, type TrayModel } from './tray-menu.js';
import { bakedFeedUrl } from './update-feed.js';
import { createUpdateController, realTimers, updatePolicy } from './updater.js';
import {
  APP_SCHEME,
  contentSecurityPolicy,
  decideNavigation,
  decideWindowOpen,
  externalLink,
  isPermissionAllowed,
  PACKAGED_APP_ORIGIN,
  secureWebPreferences,
} from './window-policy.js';

const APP_ID = 'com.teambeat.desktop';
const here = path.dirname(fileURLToPath(import.meta.url));
const preloadPath = path.join(here, 'preload.cjs');
const assetsDir = path.join(here, 'assets');
// Development loads the Vite dev server (hot reload); a packaged app, or `electron .` without the variable,
// loads the built files through app://.
const devServerUrl = app.isPackaged ? null : (process.env.TEAMBEAT_DEV_SERVER_URL ?? null);
const appOrigin = devServerUrl ? new URL(devServerUrl).origin : PACKAGED_APP_ORIGIN;
const rendererDir = path.join(app.getAppPath(), 'dist', 'renderer');

app.setName(PRODUCT_NAME);
// A development run must not read or overwrite the installed app's server choice and keychain entry.
if (!app.isPackaged) app.setPath('userData', path.join(app.getPath('appData'), `${PRODUCT_NAME} Dev`));
app.enableSandbox();
// Before ready: without "standard" app:// has no origin (no storage, no relative URLs); "secure" makes it a
// secure context like https.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
  },
]);

if (app.requestSingleInstanceLock()) {
  registerDeepLinkScheme();
  void start();
} else {
  // The running instance receives our argv through 'second-instance' and focuses itself.
  app.quit();
}

function registerDeepLinkScheme(): void {
  if (process.defaultApp && process.argv[1]) {
    // `electron .` in development: the OS must start Electron with the app's path.
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  }
}

function createLogger(): Logger {
  const destination = app.isPackaged
    ? pino.destination({ dest: path.join(app.getPath('logs'), 'main.log'), mkdir: true, sync: false })
    : pino.destination(1);
  return pino({ level: process.env.TEAMBEAT_LOG_LEVEL ?? (app.isPackaged ? 'info' : 'debug') }, destination);
}

async function start(): Promise<void> {
  // macOS may deliver the link that launched us before ready.
  let earlyLink: string | null = null;
  const onEarlyOpenUrl = (event: { preventDefault: () => void }, url: string) => {
    event.preventDefault();
    earlyLink = url;
  };
  app.on('open-url', onEarlyOpenUrl);
  await app.whenReady();
  app.setAppUserModelId(APP_ID);

  const logger = createLogger();
  const userData = app.getPath('userData');
  const development = devServerUrl !== null;
  let win: BrowserWindow | null = null;
  let tray: Tray | null = null;
  const quitGuard = createQuitGuard(() => tray !== null);

  const sendToRenderer = <C extends EventChannel>(channel: C, payload: IpcEventMap[C]) => {
    if (win && !win.isDestroyed()) win.webContents.send(channel, payload);
  };
  const showWindow = () => {
    if (!win || win.isDestroyed()) return createWindow('/');
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  };

  const keytar = await loadKeytar(() => import('keytar'), logger);
  const safeStorageLike: SafeStorageLike = {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encryptString: (plainText) => safeStorage.encryptString(plainText),
    decryptString: (encrypted) => safeStorage.decryptString(encrypted),
    // Linux only: elsewhere the OS always provides the key.
    ...(process.platform === 'linux'
      ? { getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend() }
      : {}),
  };
  const refreshToken = createRefreshTokenStore({
    keytar,
    safeStorage: safeStorageLike,
    fallbackFile: path.join(userData, 'refresh-token.bin'),
    service: PRODUCT_NAME,
    account: 'refresh-token',
    logger,
  });
  // The device agent's key: same keychain layers as the refresh token, its own entry and fallback file.
  const agentKey = createRefreshTokenStore({
    keytar,
    safeStorage: safeStorageLike,
    fallbackFile: path.join(userData, 'device-agent-key.bin'),
    service: PRODUCT_NAME,
    account: 'device-agent-key',
    logger,
  });
  const agentDataDir = path.join(userData, 'device-agent');
  const agentHost = createDeviceAgentHost({
    keyStore: agentKey,
    // Read at each start: the agent uploads to whichever company server the app is connected to.
    serverUrl: () => server.current(),
    dataDir: agentDataDir,
    logger,
    runtime: realAgentRuntime(logger),
    verifyKey: verifyAgentKey,
  });
  const server = createServerConnection({
    store: fileServerUrlStore(path.join(userData, 'settings.json'), logger),
    probe: (url) => probeServer(url, { fetch: (input, init) => net.fetch(input, init), timeoutMs: 8_000 }),
    refreshToken,
    defaultUrl: process.env.TEAMBEAT_SERVER_URL ?? null,
    onChange: (url) => {
      logger.info({ url }, 'company server chosen');
      void agentHost.restart().catch((error: unknown) => logger.error({ err: error }, 'device agent restart failed'));
      // The page's CSP (connect-src) was fixed when it loaded; reload once the IPC answer is on its way.
      setTimeout(() => {
        if (win && !win.isDestroyed()) win.webContents.reload();
      }, 0);
    },
    logger,
  });
  await server.load();
  const csp = () => contentSecurityPolicy({ appOrigin, serverUrl: server.current(), development });

  if (development) {
    // The dev server's pages get the same policy the packaged files get from the protocol handler.
    session.defaultSession.webRequest.onHeadersReceived({ urls: [`${appOrigin}/*`] }, (details, callback) => {
      const responseHeaders = { ...details.responseHeaders };
      if (details.resourceType === 'mainFrame' || details.resourceType === 'subFrame') {
        responseHeaders['Content-Security-Policy'] = [csp()];
      }
      callback({ responseHeaders });
    });
  } else {
    protocol.handle(
      APP_SCHEME,
      createAppProtocolHandler({
        appOrigin,
        rendererDir,
        serverUrl: server.current,
        fetch: (input, init) => net.fetch(input, init),
        contentSecurityPolicy: csp,
        logger,
      }),
    );
  }
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, appOrigin));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, appOrigin),
  );

  app.on('web-contents-created', (_event, contents) => {
    const guard = (openExternally: boolean) => (event: { preventDefault: () => void }, url: string) => {
      const decision = decideNavigation(url, appOrigin);
      if (decision.allow) return;
      event.preventDefault();
      logger.warn({ url: url.slice(0, 200) }, 'navigation away from the app blocked');
      if (openExternally && decision.openExternally) void shell.openExternal(decision.openExternally);
    };
    contents.on('will-navigate', guard(true));
    contents.on('will-redirect', guard(false));
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const decision = decideWindowOpen(url, appOrigin);
      if (decision.openExternally) void shell.openExternal(decision.openExternally);
      if (decision.action === 'deny') return { action: 'deny' };
      return {
        action: 'allow',
        overrideBrowserWindowOptions: { webPreferences: secureWebPreferences(preloadPath, app.getVersion()) },
      };
    });
  });

  function createWindow(route: string): void {
    const window = new BrowserWindow({
      width: 1280,
      height: 820,
      minWidth: 960,
      minHeight: 640,
      show: false,
      title: PRODUCT_NAME,
      icon: path.join(assetsDir, 'icon.png'),
      autoHideMenuBar: true,
      webPreferences: secureWebPreferences(preloadPath, app.getVersion()),
    });
    win = window;
    window.once('ready-to-show', () => window.show());
    window.on('close', (event) => quitGuard.onWindowClose(event, () => window.hide()));
    window.on('closed', () => {
      if (win === window) win = null;
    });
    window.loadURL(`${appOrigin}${route}`).catch((error: unknown) => {
      logger.error({ err: error, appOrigin }, 'renderer failed to load');
      dialog.showErrorBox(
        PRODUCT_NAME,
        development
          ? `The renderer dev server at ${appOrigin} did not answer. Start it with npm run desktop:dev.`
          : 'Teambeat could not load its window. Reinstalling the app may help.',
      );
    });
  }

  // A click brings the window up, then its page navigates to the notification's link; a page that is not
  // there yet or still loading asks for it once it listens (notification:pending-link).
  const links = createLinkDelivery({
    rendererReady: () => win !== null && !win.isDestroyed() && !win.webContents.isLoadingMainFrame(),
    send: (link) => sendToRenderer('notification:open', { link }),
    now: Date.now,
  });
  const notifier = createDesktopNotifier({
    isSupported: () => Notification.isSupported(),
    create: (options) => new Notification(options),
    showWindow,
    openLink: links.open,
    log: logger,
  });

  const trayImage = (icon: TrayModel['icon']) => nativeImage.createFromPath(path.join(assetsDir, `tray-${icon}.png`));
  const runTrayCommand = (command: TrayCommand) => {
    // Attendance actions are done from the tray without bringing the window up; the rest need the window.
    if (command === 'open' || command === 'sign-out') showWindow();
    sendToRenderer('tray:command', command);
  };
  const menuTemplate = (model: TrayModel): MenuItemConstructorOptions[] =>
    model.items.map((item): MenuItemConstructorOptions => {
      switch (item.kind) {
        case 'label':
          return { label: item.label, enabled: false };
        case 'separator':
          return { type: 'separator' };
        case 'command': {
          const { command, confirm } = item;
          if (!confirm) return { label: item.label, click: () => runTrayCommand(command) };
          return {
            label: item.label,
            click: () => {
              // A native box: the window may be hidden, and the question must not depend on it.
              void dialog
                .showMessageBox({
                  type: 'question',
                  title: PRODUCT_NAME,
                  message: confirm.title,
                  detail: confirm.detail,
                  buttons: [confirm.confirmLabel, confirm.cancelLabel],
                  defaultId: 0,
                  cancelId: 1,
                  noLink: true,
                })
                .then(({ response }) => {
                  if (response === 0) runTrayCommand(command);
                });
            },
          };
        }
        case 'quit':
          return {
            label: item.label,
            click: () => {
              quitGuard.markQuitting();
              app.quit();
            },
          };
      }
    });
  const setTrayState = (state: TrayState) => {
    const model = trayModel(state, pickLanguage(app.getLocale()));
    // The dock's badge on macOS, the launcher's on Linux (Unity); Windows has no count badge for apps.
    if (process.platform !== 'win32') app.setBadgeCount(model.badgeCount);
    if (!tray) return;
    tray.setImage(trayImage(model.icon));
    tray.setToolTip(model.tooltip);
    tray.setContextMenu(Menu.buildFromTemplate(menuTemplate(model)));
  };
  try {
    tray = new Tray(trayImage('signed-out'));
    tray.on('click', showWindow);
    setTrayState({ signedIn: false });
  } catch (error) {
    // Some Linux desktops have no tray: the window then closes for real instead of hiding.
    logger.warn({ err: error }, 'no system tray');
    tray = null;
  }

  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = logger;
  const updates = createUpdateController({
    updater: autoUpdater,
    // The feed electron-builder baked into the package; anything but HTTPS turns updates off.
    policy: updatePolicy({
      isPackaged: app.isPackaged,
      env: process.env,
      feedUrl: app.isPackaged
        ? await readFile(path.join(process.resourcesPath, 'app-update.yml'), 'utf8').then(bakedFeedUrl, () => null)
        : null,
    }),
    timers: realTimers,
    logger,
    onReady: (info) => sendToRenderer('update:available', info),
    beforeInstall: quitGuard.markQuitting,
  });

  // The refresh token stays in main: main refreshes and the renderer gets access tokens only.
  const desktopSession = createDesktopSession({
    store: refreshToken,
    serverUrl: () => server.current(),
    fetch: (input, init) => net.fetch(input, init),
    logger,
  });
  // Single sign-on in the system browser (electron/sso-flow.ts): its returns come as teambeat://sso links
  // (macOS open-url, a second instance's argv elsewhere) or to its own loopback listener.
  const ssoLinkListeners = new Set<(url: string) => boolean>();
  const deliverSsoLink = (url: string) => {
    showWindow();
    if (![...ssoLinkListeners].some((listener) => listener(url)))
      logger.warn('a single sign-on return that no attempt was waiting for was ignored');
  };
  const sso = createDesktopSso({
    serverUrl: () => server.current(),
    fetch: (url, init) => net.fetch(url, { ...init, signal: AbortSignal.timeout(30_000) }),
    openExternal: async (url) => {
      const link = externalLink(url);
      if (link === null) throw new Error('SSO_FAILED');
      await shell.openExternal(link);
    },
    listenLoopback,
    deepLinks: (listener) => {
      ssoLinkListeners.add(listener);
      return () => ssoLinkListeners.delete(listener);
    },
    returnChannel: () => ssoReturnChannel(process.platform, app.isPackaged),
    timers: realSsoTimers,
    logger,
  });
  const handlers = createIpcHandlers({
    appOrigin,
    notify: notifier.notify,
    takePendingLink: links.takePending,
    openExternal: (url) => shell.openExternal(url),
    // When the session ends its notifications go too: they belong to the person who signed out.
    session: {
      ...desktopSession,
      signOut: async () => {
        notifier.closeAll();
        await desktopSession.signOut();
      },
      forget: async () => {
        notifier.closeAll();
        await desktopSession.forget();
      },
    },
    server,
    updates,
    setTrayState,
    deviceAgent: agentHost,
    sso,
    logger,
  });
  for (const channel of INVOKE_CHANNELS) {
    const handler = handlers.invoke[channel];
    ipcMain.handle(channel, (event, ...args: unknown[]) => handler({ frameUrl: event.senderFrame?.url }, args));
  }
  ipcMain.on('tray:set-state', (event, ...args: unknown[]) =>
    handlers.send['tray:set-state']({ frameUrl: event.senderFrame?.url }, args),
  );

  const instances = createInstanceCoordinator({
    showWindow,
    openRoute: (route) => {
      if (win && !win.isDestroyed()) void win.loadURL(`${appOrigin}${route}`);
    },
    logger,
  });
  // A sign-in's return is never an app route: its code must not reach the renderer's address bar.
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkFromArgv(argv);
    if (link && isSsoLink(link)) deliverSsoLink(link);
    else instances.onSecondInstance(argv);
  });
  app.off('open-url', onEarlyOpenUrl);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (isSsoLink(url)) deliverSsoLink(url);
    else instances.onOpenUrl(url);
  });
  app.on('activate', showWindow);
  app.on('before-quit', quitGuard.markQuitting);
  app.on('will-quit', updates.stop);
  // Let the agent finish the batch in flight and close its queue file before the process ends.
  let agentStopped = false;
  app.on('will-quit', (event) => {
    if (agentStopped) return;
    event.preventDefault();
    void agentHost
      .stop()
      .catch((error: unknown) => logger.error({ err: error }, 'device agent did not stop cleanly'))
      .finally(() => {
        agentStopped = true;
        app.quit();
      });
  });
  app.on('window-all-closed', () => {
    // Reached only when there is no tray to hide to, or while quitting.
    if (process.platform !== 'darwin') app.quit();
  });

  Menu.setApplicationMenu(
    process.platform === 'darwin'
      ? Menu.buildFromTemplate([{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }])
      : null,
  );
  // A sign-in's return that started the app finds no attempt waiting (it was in an earlier run): the app opens.
  const launchLink = deepLinkFromArgv(process.argv) ?? earlyLink;
  const firstRoute =
    launchLink && isSsoLink(launchLink)
      ? '/'
      : (findDeepLink(process.argv) ?? (earlyLink ? parseDeepLink(earlyLink) : null) ?? '/');
  createWindow(firstRoute);
  updates.start();
  // node-zklib writes its error logs to the working directory: the agent's folder, never the install folder.
  await mkdir(agentDataDir, { recursive: true });
  process.chdir(agentDataDir);
  await agentHost.start().catch((error: unknown) => logger.error({ err: error }, 'device agent did not start'));
  logger.info({ version: app.getVersion(), appOrigin, keychain: keytar !== null }, 'Teambeat desktop started');
}
