import { describe, expect, it } from 'vitest';
import { simulatedTerminal } from './console-terminal';

const ENTER = 0xff0d;
const type = (terminal: ReturnType<typeof simulatedTerminal>, text: string) => {
  for (const char of text) {
    terminal.key(char.charCodeAt(0), true);
    terminal.key(char.charCodeAt(0), false);
  }
  terminal.key(ENTER, true);
  terminal.key(ENTER, false);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the simulated console', () => {
  const machine = {
    hostname: 'web-1',
    username: 'root',
    system: 'Ubuntu',
    mode: 'system' as const,
    checkPassword: async (user: string, password: string) => user === 'root' && password === 'Secret123',
  };

  it('logs in with the server password without echoing it, runs a few commands and logs out', async () => {
    const terminal = simulatedTerminal(machine);
    expect(terminal.text()[0]).toMatch(/^ web-1 - console +\d\d:\d\d:\d\d UTC$/);
    expect(terminal.text().join('\n')).toContain('web-1 login: ');
    type(terminal, 'root');
    type(terminal, 'wrong');
    await settle();
    expect(terminal.text().join('\n')).toContain('Login incorrect');
    expect(terminal.text().join('\n')).not.toContain('wrong');
    type(terminal, 'root');
    type(terminal, 'Secret123');
    // Typed while the password is checked: kept and run after, as a terminal's typeahead.
    type(terminal, 'hostname');
    await settle();
    expect(terminal.text().join('\n')).not.toContain('Secret123');
    type(terminal, 'nope');
    const screen = terminal.text().join('\n');
    expect(screen).toContain('root@web-1:~# hostname\nweb-1');
    expect(screen).toContain('-bash: nope: command not found');
    type(terminal, 'exit');
    // Back at the login prompt on a clean screen.
    expect(terminal.text().join('\n')).toContain('web-1 login: ');
    expect(terminal.text().join('\n')).not.toContain('root@web-1');
    terminal.close();
  });

  it('shows the installer when the server boots from a custom ISO, and the rescue system in rescue', () => {
    const iso = simulatedTerminal({ ...machine, mode: 'iso' });
    expect(iso.text().join('\n')).toContain('Booting from the custom ISO');
    iso.close();
    const rescue = simulatedTerminal({ ...machine, mode: 'rescue' });
    expect(rescue.text()[0]).toContain('rescue system');
    expect(rescue.text().join('\n')).toContain('Nimbus rescue system');
    rescue.close();
  });

  it('draws changed rows only, in the viewer’s pixel format', () => {
    const terminal = simulatedTerminal(machine);
    terminal.takeChanges();
    type(terminal, 'r');
    const changes = terminal.takeChanges();
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((rect) => rect.width === terminal.width)).toBe(true);
    const format = {
      bitsPerPixel: 32,
      bigEndian: false,
      redMax: 255,
      greenMax: 255,
      blueMax: 255,
      redShift: 0,
      greenShift: 8,
      blueShift: 16,
    };
    const pixels = terminal.render({ x: 0, y: 0, width: 4, height: 2 }, format);
    expect(pixels.length).toBe(4 * 2 * 4);
    // The status bar's blue (37, 99, 235) with red in the lowest byte, as this format asks.
    expect([...pixels.subarray(0, 3)]).toEqual([37, 99, 235]);
    terminal.close();
  });
});
