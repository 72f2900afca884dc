/**
 * Issue #5 end to end: an admin adds a ZKTeco device (the simulator on a free loopback port) and creates an agent
 * key on the Biometric Devices page; the real device agent (the headless command, the same module the desktop app
 * runs) pulls the device with that key; the employee whose employee ID the device knows sees the check-in.
 */
import { defineDesktop, type DesktopWindow } from './desktop-session.js';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZkSimulator } from '../tools/zk-sim/server.js';
import { ADMIN, DEMO_PASSWORD, expect, test, type TestServer } from './fixtures.js';
import { employeeWithoutAttendanceToday, getJson } from './people.js';
import { snapshot } from './screenshots.js';

const root = path.resolve(import.meta.dirname, '..');
// Another zone than the company's (Asia/Karachi): the agent must read the device clock in the device's zone.
const DEVICE_ZONE = 'Asia/Dubai';

/** `minutes` before the server's now, to the whole second: a device clock's resolution. */
const minutesAgo = (server: TestServer, minutes: number) =>
  new Date(Math.floor((server.now().getTime() - minutes * 60_000) / 1000) * 1000);

/** A terminal on the server's clock with one enrolled user, who punched once at `punchAt`. */
function terminal(
  server: TestServer,
  timeZone: string,
  user: { userId: string; name: string },
  punchAt: Date,
  port?: number,
) {
  return new ZkSimulator({
    ...(port === undefined ? {} : { port }),
    now: () => server.now().getTime(),
    timeZone,
    users: [{ uid: 1, ...user, role: 0, password: '', cardNo: 0 }],
    punches: [{ userId: user.userId, time: punchAt }],
  });
}

/** Runs `electron/device-agent/cli.ts --once`: one read of every device and one upload; exit 0 when all uploaded. */
function spawnAgentOnce(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/device-agent/cli.ts', '--once'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test.describe('biometric devices', () => {
  let sim: ZkSimulator | null = null;
  let agentDir: string | null = null;
  test.afterEach(async () => {
    await sim?.stop();
    if (agentDir) await rm(agentDir, { recursive: true, force: true });
  });
  /**
   * One run of the real agent against `origin` with `key`, in a data folder of its own, on the server's clock (the
   * terminal's punches are on it: the agent refuses a log dated over a day after its own now); expects exit 0.
   */
  const runAgentOnce = async (origin: string, key: string, now: Date) => {
    agentDir = await mkdtemp(path.join(tmpdir(), 'teambeat-e2e-agent-'));
    const run = await spawnAgentOnce({
      TEAMBEAT_SERVER_URL: origin,
      TEAMBEAT_AGENT_KEY: key,
      TEAMBEAT_AGENT_DATA_DIR: agentDir,
      TEAMBEAT_TEST_NOW: now.toISOString(),
    });
    expect(run.code, run.output).toBe(0);
  };

  test('an admin adds a device and an agent key, the agent pulls it, the employee sees the check-in', async ({
    loginPage,
    frame,
    devices,
    page,
    consoleErrors,
    server,
  }) => {
    // The admin, the agent, the employee, then the admin again (zone correction, device time).
    test.setTimeout(240_000);
    const adminToken = await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    const person = await employeeWithoutAttendanceToday(page.request, adminToken);
    const deviceUserId = person.employeeIdentificationNo!;

    // The terminal: one enrolled user (the employee's ID) who punched two minutes ago, on a clock in Dubai time.
    // The terminal's clock is the server's (13:00 in Dubai, 14:00 in Karachi on the test clock): two minutes ago
    // is today in both zones.
    const punchAt = minutesAgo(server, 2);
    sim = terminal(server, DEVICE_ZONE, { userId: deviceUserId, name: person.name.slice(0, 24) }, punchAt);
    const port = await sim.start();

    await devices.open();
    await expect(page).toHaveURL(/\/biometric\/management$/);

    const stamp = Date.now().toString(36).toUpperCase();
    const device = {
      name: `Reception ${stamp}`,
      serialNo: `E2E${stamp}`,
      ipAddress: '127.0.0.1',
      port,
      timeZone: DEVICE_ZONE,
    };
    const dialog = await devices.openAddDialog();
    // Early validation, from the shared contract, before anything is sent.
    await dialog.getByRole('button', { name: 'Add device' }).click();
    await expect(dialog.getByRole('alert').first()).toHaveText('Ensure all fields are filled correctly.');
    await expect(dialog).toContainText('A pulled device needs an IP address');
    // An address that cannot be one: the field says why, before anything is sent.
    await devices.fillDevice(dialog, { ...device, ipAddress: '999.1.1.1' });
    await dialog.getByRole('button', { name: 'Add device' }).click();
    await expect(dialog).toContainText(
      'Enter a valid IP address (four numbers from 0 to 255, such as 192.168.1.201) or a host name',
    );
    await devices.fillDevice(dialog, device);
    await snapshot(page, 'devices-add-dialog', 'light');
    await dialog.getByRole('button', { name: 'Add device' }).click();
    await expect(dialog).toBeHidden();
    await devices.search(device.serialNo);
    await expect(devices.row(device.name)).toContainText(`127.0.0.1:${port}`);
    await expect(devices.row(device.name)).toContainText('Not seen yet');
    await expect(devices.row(device.name)).toContainText(DEVICE_ZONE);

    // The connection test reports from the server's side of the network.
    await devices.chooseAction(device.name, 'Test connection');
    const probe = page.getByRole('dialog', { name: `Connection test · ${device.name}` });
    await expect(probe).toContainText(`The server opened a connection to 127.0.0.1:${port}`);
    await snapshot(page, 'devices-connection-test', 'light');
    await probe.getByRole('button', { name: 'Close' }).click();
    await expect(probe).toBeHidden();
    // A terminal switched off: the port refuses, and the dialog says so in words, not ECONNREFUSED.
    await sim.stop();
    await devices.chooseAction(device.name, 'Test connection');
    await expect(probe).toContainText(`The device refused the connection at 127.0.0.1:${port}`);
    await expect(probe).not.toContainText('ECONNREFUSED');
    await probe.getByRole('button', { name: 'Close' }).click();
    sim = terminal(server, DEVICE_ZONE, { userId: deviceUserId, name: person.name.slice(0, 24) }, punchAt, port);
    expect(await sim.start()).toBe(port);

    // The key is shown once, with a copy button.
    await devices.openTab('Device agents');
    const { key, dialog: keyDialog } = await devices.createAgentKey(`E2E agent ${stamp}`);
    await expect(keyDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await snapshot(page, 'devices-agent-key', 'light');
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('table', { name: 'Agent keys' })).toContainText(`E2E agent ${stamp}`);

    // The real agent, against this server, with the key from the page.
    await runAgentOnce(new URL(page.url()).origin, key, server.now());

    // The agent reported what it saw: online, one user, one punch.
    await devices.openTab('Devices');
    await devices.search(device.serialNo);
    const row = devices.row(device.name);
    await expect(row).toContainText('Online');
    // Last activity in the company's time (the demo company is in Karachi), whatever the browser's zone.
    await expect(page.getByRole('columnheader', { name: 'Last activity (Asia/Karachi)' })).toBeVisible();
    const seen = await getJson<{ items: { lastActivity: string }[] }>(
      page.request,
      adminToken,
      `/api/devices?search=${device.serialNo}`,
    );
    const karachi = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Karachi',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(seen.items[0]!.lastActivity));
    await expect(row.getByRole('cell').nth(5)).toContainText(karachi);
    await expect(row.getByRole('cell').nth(6)).toHaveText('1');
    await expect(row.getByRole('cell').nth(7)).toHaveText('1');
    await snapshot(page, 'devices', 'light');
    await frame.chooseTheme('Dark');
    await snapshot(page, 'devices', 'dark');
    await devices.openAddDialog();
    await snapshot(page, 'devices-add-dialog', 'dark');
    await page.getByRole('dialog', { name: 'Add device' }).getByRole('button', { name: 'Cancel' }).click();
    await devices.openTab('Device agents');
    await snapshot(page, 'devices-agents', 'dark');
    await devices.openTab('ADMS');
    await expect(page.getByRole('form', { name: 'ADMS settings' })).toBeVisible();
    await snapshot(page, 'devices-adms', 'dark');
    await devices.openTab('Unmapped punches');
    await snapshot(page, 'devices-unmapped', 'dark');
    await frame.chooseTheme('Light');
    await frame.signOut();

    // The employee: the punch is their check-in today, from a device, at the office.
    const token = await loginPage.signIn(person.email, DEMO_PASSWORD);
    const today = await getJson<{
      date: string;
      timeZone: string;
      attendance: { checkIn: string; checkOut: string | null; source: string; isWfo: boolean } | null;
    }>(page.request, token, '/api/attendance/today');
    expect(today.attendance).toMatchObject({
      checkIn: punchAt.toISOString(),
      checkOut: null,
      source: 'device',
      isWfo: true,
    });
    await frame.openPage('Month view');
    const todayCell = page.locator(`[role="gridcell"][data-date="${today.date}"]`);
    await expect(todayCell).toHaveAccessibleName(/work from office.*today$/);
    const localCheckIn = new Intl.DateTimeFormat('en-GB', {
      timeZone: today.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(punchAt);
    await expect(page.getByText('Biometric device', { exact: true })).toBeVisible();
    await expect(page.getByText(localCheckIn, { exact: true })).toBeVisible();
    await snapshot(page, 'devices-month-view-employee', 'light');
    expect(consoleErrors).toEqual([]);

    // The admin corrects the device's zone: its punch moves (it is not doubled) and the page says so; the zone is
    // saved. Then "Set device time" asks the agent to set the clock on its next round.
    await frame.signOut();
    const admin = await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    await devices.open();
    await devices.search(device.serialNo);
    const edit = await devices.openEdit(device.name);
    await edit.getByRole('combobox', { name: 'Device clock time zone' }).fill('Asia/Karachi');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(`${device.name}: 1 punch moved to the new time zone`, { exact: true })).toBeVisible();
    await page.reload();
    await devices.search(device.serialNo);
    await expect(devices.row(device.name)).toContainText('Asia/Karachi');
    await devices.chooseAction(device.name, 'Set device time');
    await expect(
      page.getByText(`The device agent sets the time of ${device.name} on its next round`, { exact: true }),
    ).toBeVisible();
    await page.reload();
    await devices.search(device.serialNo);
    await expect(devices.row(device.name)).toContainText('Time change requested');

    // Tidy up: the key is revoked, the device deactivated (serials are unique per run anyway).
    const keys = await getJson<{ items: { id: number; name: string }[] }>(
      page.request,
      admin,
      '/api/device-agent-keys',
    );
    const mine = keys.items.find((k) => k.name === `E2E agent ${stamp}`)!;
    const headers = { authorization: `Bearer ${admin}` };
    expect((await page.request.delete(`/api/device-agent-keys/${mine.id}`, { headers })).status()).toBe(204);
    const list = await getJson<{ items: { id: number }[] }>(
      page.request,
      admin,
      `/api/devices?searchText=${device.serialNo}`,
    );
    const put = await page.request.put(`/api/devices/${list.items[0]!.id}/status`, {
      headers,
      data: { isActive: false },
    });
    expect(put.status()).toBe(200);
  });

  test('a punch of an unknown device user waits until the admin maps the id to an employee', async ({
    loginPage,
    devices,
    page,
    consoleErrors,
    server,
  }) => {
    test.setTimeout(120_000);
    const adminToken = await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    const person = await employeeWithoutAttendanceToday(page.request, adminToken);
    const stamp = Date.now().toString(36).toUpperCase();
    // A terminal enrolled with its own numbering: this id matches no employee ID.
    const deviceUserId = `U${stamp.slice(-7)}`;
    // Three minutes before the server's now (14:00 in Karachi on the test clock): today.
    const punchAt = minutesAgo(server, 3);
    sim = terminal(server, 'Asia/Karachi', { userId: deviceUserId, name: 'Enrolled' }, punchAt);
    const port = await sim.start();
    const headers = { authorization: `Bearer ${adminToken}` };
    const created = await page.request.post('/api/devices', {
      headers,
      data: { name: `Gate ${stamp}`, serialNo: `MAP${stamp}`, ipAddress: '127.0.0.1', port, timeZone: 'Asia/Karachi' },
    });
    expect(created.status()).toBe(201);
    const keyAnswer = await page.request.post('/api/device-agent-keys', { headers, data: { name: `Map ${stamp}` } });
    const { id: keyId, key } = (await keyAnswer.json()) as { id: number; key: string };
    await runAgentOnce(new URL(page.url()).origin, key, server.now());

    await devices.open();
    await devices.openTab('Unmapped punches');
    const waiting = page.getByRole('table', { name: 'Unmapped punches' }).getByRole('row').filter({
      hasText: deviceUserId,
    });
    await expect(waiting).toContainText(`MAP${stamp}`);
    await waiting.getByRole('button', { name: 'Map to employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Map a device user to an employee' });
    await expect(dialog.getByRole('textbox', { name: 'Device user id' })).toHaveValue(deviceUserId);
    await dialog.getByRole('combobox', { name: 'Employee' }).pressSequentially(person.email);
    await page.getByRole('option', { name: new RegExp(person.name) }).click();
    await snapshot(page, 'devices-map-dialog', 'light');
    await dialog.getByRole('button', { name: 'Map and apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('1 applied to attendance').first()).toBeVisible();
    // Its punch left the unmapped ones (the worker's earlier specs may leave others there: biotime.spec's visitor).
    await expect(waiting).toHaveCount(0);
    const mappingRow = page.getByRole('table', { name: 'Device user mappings' }).getByRole('row').filter({
      hasText: deviceUserId,
    });
    await expect(mappingRow).toContainText(person.name);

    const day = await getJson<{ attendance: { checkIn: string; source: string } | null }>(
      page.request,
      adminToken,
      `/api/attendance/day?employeeId=${person.id}&date=${(await getJson<{ date: string }>(page.request, adminToken, '/api/attendance/today')).date}`,
    );
    expect(day.attendance).toMatchObject({ checkIn: punchAt.toISOString(), source: 'device' });

    // Removing the mapping asks first and leaves the applied attendance alone.
    await mappingRow.getByRole('button', { name: `Remove the mapping of ${deviceUserId}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove mapping?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(mappingRow).toBeHidden();
    expect(consoleErrors).toEqual([]);
    expect((await page.request.delete(`/api/device-agent-keys/${keyId}`, { headers })).status()).toBe(204);
  });

  test('the desktop app pulls devices itself once given a key, checked with the server', async ({
    loginPage,
    devices,
    page,
  }) => {
    // The shell's device agent stands in here with the preload's contract: setKey asks the server with the key
    // (as electron/device-agent-host.ts does) and refuses a key the server does not know.
    await defineDesktop(page, () => {
      const state = {
        token: null as string | null,
        status: {
          configured: false,
          running: false,
          serverUrl: location.origin as string | null,
          lastPollAt: null as string | null,
          devices: 0,
          failedDevices: [] as string[],
          queued: 0,
          lastError: null as string | null,
        },
      };
      const desktop = window as unknown as DesktopWindow;
      desktop.teambeat = desktop.teambeatDesktop(state, {
        deviceAgent: {
          status: async () => ({ ...state.status }),
          setKey: async (key: string | null) => {
            if (key === null) {
              state.status = { ...state.status, configured: false, running: false, lastPollAt: null, devices: 0 };
              return { ...state.status };
            }
            const answer = await fetch('/api/agent/devices', { headers: { authorization: `Agent ${key}` } });
            if (!answer.ok) throw new Error('The device agent key is missing, invalid or revoked.');
            const { items } = (await answer.json()) as { items: unknown[] };
            state.status = {
              ...state.status,
              configured: true,
              running: true,
              lastPollAt: new Date().toISOString(),
              devices: items.length,
            };
            return { ...state.status };
          },
        },
      });
    });
    await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    await devices.open();
    await devices.openTab('Device agents');
    const section = page.getByRole('region', { name: 'This computer pulls devices' });
    await expect(section).toContainText('Not set up');
    await section.getByRole('textbox', { name: 'Agent key' }).fill(`tbagent_${'x'.repeat(43)}`);
    await section.getByRole('button', { name: 'Use this key' }).click();
    await expect(section).toContainText('The device agent key is missing, invalid or revoked.');

    await section.getByRole('button', { name: 'Create a key for this computer' }).click();
    await expect(section).toContainText('Pulling');
    await expect(section).toContainText(/Last read .*: \d+ devices?/);
    const keys = page.getByRole('table', { name: 'Agent keys' });
    const desktopKey = keys.getByRole('row').filter({ hasText: 'Desktop app ·' }).last();
    await expect(desktopKey).toContainText('Active');
    await snapshot(page, 'devices-this-computer', 'light');

    await section.getByRole('button', { name: 'Stop pulling here' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Stop pulling devices on this computer?' });
    await confirm.getByRole('button', { name: 'Stop pulling' }).click();
    await expect(section).toContainText('Not set up');

    // The key it used is revoked behind a confirmation.
    await desktopKey.getByRole('button', { name: /^Revoke / }).click();
    await page.getByRole('alertdialog', { name: 'Revoke agent key?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(desktopKey).toContainText('Revoked');
  });

  test('ADMS settings: an address that does not lead here fails with the spec message, this server passes', async ({
    loginPage,
    devices,
    page,
  }) => {
    await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    await devices.open();
    await devices.openTab('ADMS');
    const form = page.getByRole('form', { name: 'ADMS settings' });
    const address = form.getByRole('textbox', { name: 'Server address devices use' });
    await form.getByRole('switch').check();
    // Enabling needs an address, said before anything is sent.
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toContainText('Enabling ADMS needs the server address');
    await address.fill('ftp://somewhere');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toContainText('Enter an address like http://attendance.example.com:8081');

    await address.fill('http://127.0.0.1:9');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('ADMS settings saved').first()).toBeVisible();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByRole('status')).toContainText('Failed to connect to ADMS.');
    await snapshot(page, 'devices-adms-failed', 'light');

    const origin = new URL(page.url()).origin;
    await address.fill(origin);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Push endpoint: ${origin}/iclock/cdata`)).toBeVisible();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByRole('status')).toContainText('The address leads to this server');

    // Back to off, as the other specs expect.
    await form.getByRole('switch').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toContainText('ADMS is off: push devices are refused');
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
  test('ADMS: an upload from outside a push device’s network is held until the admin accepts or rejects it', async ({
    loginPage,
    devices,
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const adminToken = await loginPage.signIn(ADMIN.email, DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${adminToken}` };
    const origin = new URL(page.url()).origin;
    const person = await employeeWithoutAttendanceToday(page.request, adminToken);
    const today = (await getJson<{ date: string }>(page.request, adminToken, '/api/attendance/today')).date;
    const attendance = async () =>
      (
        await getJson<{ attendance: unknown }>(
          page.request,
          adminToken,
          `/api/attendance/day?employeeId=${person.id}&date=${today}`,
        )
      ).attendance;
    const stamp = Date.now().toString(36).toUpperCase();
    const serialNo = `HELD${stamp}`;
    // Bound to a network this browser's machine is not in: every upload from here is unverified.
    const created = await page.request.post('/api/devices', {
      headers,
      data: { name: `Remote ${stamp}`, serialNo, mode: 'push', timeZone: 'Asia/Karachi', admsNetwork: '10.99.0.0/16' },
    });
    expect(created.status()).toBe(201);
    expect(
      (
        await page.request.put('/api/adms/settings', { headers, data: { enabled: true, serverAddress: origin } })
      ).status(),
    ).toBe(200);
    const wallClock = (at: Date) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Asia/Karachi',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      }).format(at);
    const push = async (minutes: number) => {
      const at = minutesAgo(server, minutes);
      const res = await page.request.post(`/iclock/cdata?SN=${serialNo}&table=ATTLOG&Stamp=1`, {
        data: `${person.employeeIdentificationNo}\t${wallClock(at)}\t0\t1\t0\t0\t0\n`,
      });
      expect(await res.text()).toBe('OK: 1');
    };
    try {
      await push(3);
      expect(await attendance()).toBeNull();

      await devices.open();
      await devices.openTab('ADMS');
      const held = page.getByRole('table', { name: 'Unverified uploads' });
      const row = held.getByRole('row').filter({ hasText: serialNo });
      await expect(row).toContainText('127.0.0.1');
      await row.getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByText('Upload accepted').first()).toBeVisible();
      await expect(row).toHaveCount(0);
      expect(await attendance()).not.toBeNull();

      // Another one is rejected: dropped, and still gone after a reload.
      await push(5);
      await page.reload();
      await devices.openTab('ADMS');
      await row.getByRole('button', { name: 'Reject' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
      await expect(page.getByText('Upload rejected').first()).toBeVisible();
      await page.reload();
      await devices.openTab('ADMS');
      // An empty list shows its empty state instead of the table.
      await expect(held.or(page.getByText('No unverified upload.'))).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      // Back to off, as the other specs expect.
      await page.request.put('/api/adms/settings', { headers, data: { enabled: false, serverAddress: null } });
    }
  });
});
