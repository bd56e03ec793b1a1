import { execFile } from 'node:child_process';
import { XMLParser } from 'fast-xml-parser';
import { HypervisorError } from '../hypervisor';

/**
 * Talks to a host's libvirt through `virsh -c <uri>`, libvirt's own client, which speaks its protocol
 * over a local socket, SSH or TLS as the URI says (qemu:///system, qemu+ssh://…, qemu+tls://…).
 * Every call has a timeout; its XML answers are read with a real XML parser.
 */

/** How long a call may take before it is abandoned as a host failure. */
export const DEFAULT_VIRSH_TIMEOUT_MS = 30_000;

export interface VirshOptions {
  timeoutMs?: number;
}

/** What went wrong, as libvirt says it: the object is missing, or the host or the call failed. */
export class VirshError extends HypervisorError {
  constructor(
    kind: 'not_found' | 'invalid_state' | 'infrastructure',
    message: string,
    /** True when the host itself did not answer (connection refused, timed out). */
    readonly hostUnreachable = false,
  ) {
    super(kind, message);
  }
}

const NOT_FOUND =
  /Domain not found|failed to get domain|Storage volume not found|no storage vol with matching|Storage pool not found|no domain with matching|Domain snapshot not found|no domain snapshot with matching/i;
const UNREACHABLE =
  /failed to connect to the hypervisor|Cannot recv data|Connection refused|End of file while reading data|unable to connect to server|No route to host/i;
const NOT_RUNNING = /domain is not running|Requested operation is not valid/i;

/** Maps virsh's error text onto the driver contract's kinds. */
export function classifyVirshFailure(stderr: string, timedOut: boolean): VirshError {
  const message =
    stderr
      .trim()
      .replace(/^error:\s*/gm, '')
      .replace(/\s+/g, ' ') || 'virsh failed';
  if (timedOut) return new VirshError('infrastructure', `The host did not answer in time: ${message}`, true);
  if (UNREACHABLE.test(message)) return new VirshError('infrastructure', message, true);
  if (NOT_FOUND.test(message)) return new VirshError('not_found', message);
  if (NOT_RUNNING.test(message)) return new VirshError('invalid_state', message);
  return new VirshError('infrastructure', message);
}

export type Virsh = (args: string[], options?: VirshOptions) => Promise<string>;

/** A `virsh` bound to one host's URI. */
export function virshFor(uri: string): Virsh {
  return (args, options = {}) =>
    new Promise((resolve, reject) => {
      execFile(
        'virsh',
        ['--quiet', '-c', uri, ...args],
        { timeout: options.timeoutMs ?? DEFAULT_VIRSH_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          const timedOut = error.killed === true || (error as { signal?: string }).signal === 'SIGTERM';
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            return reject(new VirshError('infrastructure', 'virsh is not installed (libvirt-clients).'));
          }
          reject(classifyVirshFailure(stderr || error.message, timedOut));
        },
      );
    });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
});

/** Parses libvirt XML; attributes are `@name`, text beside attributes is `#text`. */
export function parseXml(xml: string): Record<string, unknown> {
  return parser.parse(xml) as Record<string, unknown>;
}

/** `virsh domstate` answers, as the driver needs them. */
export type DomainState =
  | 'running'
  | 'paused'
  | 'shut off'
  | 'in shutdown'
  | 'crashed'
  | 'pmsuspended'
  | 'other';

export function parseDomainState(output: string): DomainState {
  const state = output.trim().split('\n')[0]?.trim() ?? '';
  const known: DomainState[] = ['running', 'paused', 'shut off', 'in shutdown', 'crashed', 'pmsuspended'];
  return (known as string[]).includes(state) ? (state as DomainState) : 'other';
}
