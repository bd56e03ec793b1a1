import type { RfbScreen } from '../console/rfb-session';
import { TextScreen } from '../console/text-screen';

const KEY = {
  backspace: 0xff08,
  enter: 0xff0d,
  keypadEnter: 0xff8d,
  delete: 0xffff,
  control: [0xffe3, 0xffe4],
  alt: [0xffe9, 0xffea],
} as const;

export interface TerminalMachine {
  hostname: string;
  username: string;
  /** The image's name for the banner, e.g. "Ubuntu 24.04 LTS". */
  system: string;
  mode: 'system' | 'rescue' | 'iso';
  checkPassword(username: string, password: string): Promise<boolean>;
}

/**
 * What the simulator's servers show on their console: a text terminal with a login prompt that takes the
 * server's real password (the simulator keeps its hash), a small shell, Ctrl+Alt+Del rebooting to the
 * prompt, the rescue system's banner in rescue mode, and an installer waiting for input when the server
 * boots from a custom ISO. A clock in the status bar keeps the screen live.
 */
export function simulatedTerminal(machine: TerminalMachine): RfbScreen & { close(): void; text(): string[] } {
  const screen = new TextScreen();
  const held = new Set<number>();
  let state: 'login' | 'password' | 'shell' | 'checking' = 'login';
  let input = '';
  let user = '';
  /** Keys typed while a login is being checked, replayed after it (typeahead, as a tty keeps it). */
  let typeahead: number[] = [];
  const startedAt = Date.now();
  const prompt = () => `${user}@${machine.hostname}:~# `;

  const bar = () => {
    const clock = new Date().toISOString().slice(11, 19);
    const left = ` ${machine.hostname} - ${machine.mode === 'rescue' ? 'rescue system' : 'console'}`;
    screen.setBar(`${left}${' '.repeat(Math.max(1, 64 - left.length - 13))}${clock} UTC`);
  };
  const boot = () => {
    screen.clear();
    state = 'login';
    input = '';
    if (machine.mode === 'iso') {
      screen.write('Booting from the custom ISO in the drive...\n\n');
      screen.write('The installer is waiting for input on this console.\n');
      screen.write('When the installation is done, detach the ISO in the panel:\n');
      screen.write('the server then reboots from its disk.\n\n');
      screen.write('installer> ');
      state = 'shell';
      user = 'installer';
      return;
    }
    screen.write(
      machine.mode === 'rescue' ? 'Nimbus rescue system (Debian GNU/Linux 13)\n' : `${machine.system}\n`,
    );
    screen.write(`\n${machine.hostname} login: `);
  };

  const run = (command: string) => {
    const [name = '', ...args] = command.trim().split(/\s+/);
    const uptime = Math.max(1, Math.round((Date.now() - startedAt) / 60_000));
    const outputs: Record<string, () => string | null> = {
      '': () => null,
      help: () => 'commands: hostname, whoami, uname, uptime, date, clear, exit',
      hostname: () => machine.hostname,
      whoami: () => user,
      uname: () =>
        args.includes('-a') ? `Linux ${machine.hostname} 6.12.0-nimbus #1 SMP x86_64 GNU/Linux` : 'Linux',
      uptime: () =>
        ` ${new Date().toISOString().slice(11, 19)} up ${uptime} min, 1 user, load average: 0.08, 0.03, 0.01`,
      date: () => new Date().toUTCString(),
    };
    if (machine.mode === 'iso') {
      screen.write(command ? `\nThe installer does not know "${command}".\ninstaller> ` : '\ninstaller> ');
      return;
    }
    if (name === 'clear') {
      screen.clear();
      screen.write(prompt());
      return;
    }
    if (name === 'exit' || name === 'logout') {
      screen.write('\nlogout\n');
      boot();
      return;
    }
    const output = outputs[name] ? outputs[name]() : `-bash: ${name}: command not found`;
    screen.write(output === null ? `\n${prompt()}` : `\n${output}\n${prompt()}`);
  };

  const enter = () => {
    const line = input;
    input = '';
    if (state === 'login') {
      user = line.trim();
      screen.write('\nPassword: ');
      state = user ? 'password' : 'login';
      if (!user) screen.write(`\n${machine.hostname} login: `);
      return;
    }
    if (state === 'password') {
      state = 'checking';
      void machine.checkPassword(user, line).then((ok) => {
        if (ok) {
          screen.write(`\nLast login: ${new Date().toUTCString()} on tty1\n${prompt()}`);
          state = 'shell';
        } else {
          screen.write('\n\nLogin incorrect');
          screen.write(`\n${machine.hostname} login: `);
          state = 'login';
        }
        const keys = typeahead;
        typeahead = [];
        for (const keysym of keys) press(keysym);
      });
      return;
    }
    if (state === 'shell') run(line);
  };

  const type = (char: string) => {
    input += char;
    // Passwords are not echoed.
    if (state !== 'password') screen.write(char);
  };

  function press(keysym: number) {
    if (state === 'checking') {
      typeahead.push(keysym);
      return;
    }
    if (keysym === KEY.enter || keysym === KEY.keypadEnter) enter();
    else if (keysym === KEY.backspace) {
      if (input.length > 0) {
        input = input.slice(0, -1);
        if (state !== 'password') screen.backspace();
      }
    } else if (keysym >= 0x20 && keysym <= 0x7e) type(String.fromCharCode(keysym));
  }

  bar();
  boot();
  let blink = true;
  const timer = setInterval(() => {
    bar();
    blink = !blink;
    screen.setCursorShown(blink);
  }, 1000);
  timer.unref();

  return {
    width: screen.width,
    height: screen.height,
    render: (rect, format) => screen.render(rect, format),
    takeChanges: () => screen.takeChanges(),
    onChange: (listener) => screen.onChange(listener),
    key(keysym, down) {
      if (!down) {
        held.delete(keysym);
        return;
      }
      held.add(keysym);
      const ctrl = KEY.control.some((k) => held.has(k));
      const alt = KEY.alt.some((k) => held.has(k));
      if (keysym === KEY.delete && ctrl && alt) {
        screen.clear();
        screen.write('Rebooting...\n\n');
        setTimeout(boot, 800).unref();
        return;
      }
      if (ctrl || alt) return;
      press(keysym);
    },
    close: () => clearInterval(timer),
    text: () => screen.text(),
  };
}
