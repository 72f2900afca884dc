import { describe, expect, it } from 'vitest';
import { trayModel, type TrayMenuItem } from './tray-menu.js';

const commands = (items: TrayMenuItem[]) =>
  items.flatMap((item) => (item.kind === 'command' ? [item.command] : item.kind === 'quit' ? ['quit'] : []));
const labels = (items: TrayMenuItem[]) => items.flatMap((item) => (item.kind === 'label' ? [item.label] : []));

describe('trayModel', () => {
  it('signed out: open and quit only, the grey icon', () => {
    const model = trayModel({ signedIn: false });
    expect(model.icon).toBe('signed-out');
    expect(model.tooltip).toBe('Teambeat: not signed in');
    expect(commands(model.items)).toEqual(['open', 'quit']);
    expect(labels(model.items)).toEqual(['Not signed in']);
  });

  it('signed in: the name in the header, then open, sign out, quit', () => {
    const model = trayModel({ signedIn: true, userName: 'Ayesha Khan' });
    expect(model.icon).toBe('signed-in');
    expect(model.tooltip).toBe('Teambeat: Ayesha Khan');
    expect(labels(model.items)).toEqual(['Signed in as Ayesha Khan']);
    expect(commands(model.items)).toEqual(['open', 'sign-out', 'quit']);
    expect(model.items.at(-1)).toEqual({ kind: 'quit', label: 'Quit Teambeat' });
  });

  it('offers the attendance action that fits the current state', () => {
    const at = (state: 'not-checked-in' | 'checked-out' | 'checked-in' | 'on-break', workedMinutes: number) =>
      trayModel({ signedIn: true, userName: 'Ali', attendance: { state, workedMinutes } });

    expect(commands(at('not-checked-in', 0).items)).toEqual(['check-in', 'open', 'sign-out', 'quit']);
    expect(labels(at('not-checked-in', 0).items)).toContain('Not checked in');
    // One attendance per day: a finished day offers no second check-in.
    expect(commands(at('checked-out', 480).items)).toEqual(['open', 'sign-out', 'quit']);
    expect(labels(at('checked-out', 0).items)).toContain('Checked out');
    expect(commands(at('checked-in', 125).items)).toEqual(['start-break', 'check-out', 'open', 'sign-out', 'quit']);
    expect(labels(at('checked-in', 125).items)).toContain('Checked in · 2h 5m today');
    expect(at('checked-in', 125).tooltip).toBe('Teambeat: Ali · Checked in · 2h 5m today');
    expect(commands(at('on-break', 300).items)).toEqual(['end-break', 'open', 'sign-out', 'quit']);
    expect(labels(at('checked-out', 480).items)).toContain('Checked out · 8h today');
    expect(labels(at('on-break', 45).items)).toContain('On a break · 45m today');
  });

  it('asks before checking out, in the person’s language, and before nothing else', () => {
    const confirms = (language: 'en' | 'fr') =>
      trayModel({ signedIn: true, language, attendance: { state: 'checked-in', workedMinutes: 60 } }).items.flatMap(
        (item) => (item.kind === 'command' && item.confirm ? [[item.command, item.confirm] as const] : []),
      );
    expect(confirms('en')).toEqual([
      [
        'check-out',
        {
          title: 'Check out now?',
          detail: 'Your working day ends now. You can undo it in Teambeat for 5 minutes.',
          confirmLabel: 'Check out',
          cancelLabel: 'Cancel',
        },
      ],
    ]);
    const [fr] = confirms('fr');
    expect(fr?.[1].title).toBe('Pointer le départ maintenant ?');
    expect(fr?.[1].cancelLabel).toBe('Annuler');
  });

  it('while attendance is unknown (null) shows no attendance actions', () => {
    expect(commands(trayModel({ signedIn: true, attendance: null }).items)).toEqual(['open', 'sign-out', 'quit']);
  });

  it('shows how many items wait for the person, in the menu, the tooltip and the badge', () => {
    const model = trayModel({
      signedIn: true,
      userName: 'Ali',
      attendance: { state: 'checked-in', workedMinutes: 125 },
      actionCount: 3,
    });
    expect(labels(model.items)).toEqual(['Signed in as Ali', '3 items need you', 'Checked in · 2h 5m today']);
    expect(model.tooltip).toBe('Teambeat: Ali · Checked in · 2h 5m today · 3 items need you');
    expect(model.badgeCount).toBe(3);
    // The line is information, not a command: the commands stay the same.
    expect(commands(model.items)).toEqual(['start-break', 'check-out', 'open', 'sign-out', 'quit']);
    expect(labels(trayModel({ signedIn: true, userName: 'Ali', actionCount: 1 }).items)).toEqual([
      'Signed in as Ali',
      '1 item needs you',
    ]);
  });

  it('shows no count and clears the badge when nothing waits, the count is unknown, or nobody is signed in', () => {
    for (const state of [
      { signedIn: true, userName: 'Ali', actionCount: 0 },
      { signedIn: true, userName: 'Ali' },
      { signedIn: true, userName: 'Ali', actionCount: Number.NaN },
    ]) {
      const model = trayModel(state);
      expect(labels(model.items)).toEqual(['Signed in as Ali']);
      expect(model.tooltip).toBe('Teambeat: Ali');
      expect(model.badgeCount).toBe(0);
    }
    const signedOut = trayModel({ signedIn: false, actionCount: 4 });
    expect(labels(signedOut.items)).toEqual(['Not signed in']);
    expect(signedOut.badgeCount).toBe(0);
  });

  it('keeps a long or multi-line name to one short line', () => {
    const model = trayModel({ signedIn: true, userName: `  ${'Very Long Name '.repeat(8)}\nsecond line` });
    const [header] = labels(model.items);
    expect(header).not.toContain('\n');
    expect(header!.length).toBeLessThanOrEqual('Signed in as '.length + 40);
  });
});

describe('the tray’s language', () => {
  it('speaks the language the renderer sends', () => {
    const model = trayModel({
      signedIn: true,
      userName: 'Ali',
      attendance: { state: 'checked-in', workedMinutes: 125 },
      language: 'fr',
    });
    expect(labels(model.items)).toEqual(['Connecté en tant que Ali', 'Arrivée pointée · 2 h 5 min aujourd’hui']);
    const names = model.items.flatMap((item) => (item.kind === 'command' || item.kind === 'quit' ? [item.label] : []));
    expect(names).toEqual([
      'Commencer la pause',
      'Pointer le départ',
      'Ouvrir Teambeat',
      'Se déconnecter',
      'Quitter Teambeat',
    ]);
    expect(model.tooltip).toBe('Teambeat : Ali · Arrivée pointée · 2 h 5 min aujourd’hui');
  });

  it('counts the waiting items in French too', () => {
    const at = (actionCount: number) => trayModel({ signedIn: true, userName: 'Ali', actionCount, language: 'fr' });
    expect(labels(at(1).items)).toEqual(['Connecté en tant que Ali', '1 élément vous attend']);
    expect(labels(at(3).items)).toEqual(['Connecté en tant que Ali', '3 éléments vous attendent']);
    expect(at(3).tooltip).toBe('Teambeat : Ali · 3 éléments vous attendent');
  });

  it('speaks the computer’s language until the renderer has sent one, and the sent one after', () => {
    const start = trayModel({ signedIn: false }, 'fr');
    expect(start.tooltip).toBe('Teambeat : non connecté');
    expect(labels(start.items)).toEqual(['Non connecté']);
    expect(labels(trayModel({ signedIn: false, language: 'en' }, 'fr').items)).toEqual(['Not signed in']);
  });
});
