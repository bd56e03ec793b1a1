import { describe, expect, it } from 'vitest';
import { advanceDueServers, serverSpec, useSimulator } from '../compute/compute.test-helpers';
import { parseAdminArgs, usage } from './admin.args';
import { UsageError } from './admin.errors';
import { runAdminCommand } from './admin.run';
import { adminDeps } from './admin.test-helpers';

describe('simulator operator commands', () => {
  const sim = useSimulator();

  const run = (line: string) => runAdminCommand(parseAdminArgs(line.split(' ')), adminDeps(sim.db));

  it('parses fault and fleet, and refuses mistakes', () => {
    expect(usage).toContain('simulator fault <step>');
    expect(usage).toContain('simulator fleet');
    expect(parseAdminArgs(['simulator', 'fault', 'preparing_disk'])).toEqual({
      name: 'simulator-fault',
      step: 'preparing_disk',
      regionId: undefined,
      times: 1,
      reason: undefined,
    });
    expect(
      parseAdminArgs([
        'simulator',
        'fault',
        'spawning_qemu',
        '--region',
        '2',
        '--times',
        '3',
        '--reason',
        'Disk full',
      ]),
    ).toEqual({ name: 'simulator-fault', step: 'spawning_qemu', regionId: 2, times: 3, reason: 'Disk full' });
    expect(parseAdminArgs(['simulator', 'fleet'])).toEqual({ name: 'simulator-fleet' });
    expect(() => parseAdminArgs(['simulator', 'fault', 'active'])).toThrow(/not a step/);
    expect(() => parseAdminArgs(['simulator', 'fault', 'initializing', '--times', '0'])).toThrow(/--times/);
    expect(() => parseAdminArgs(['simulator', 'fault', 'initializing', '--region', 'x'])).toThrow(UsageError);
    expect(() => parseAdminArgs(['simulator', 'fault'])).toThrow(/Usage: simulator fault <step>/);
    expect(() => parseAdminArgs(['simulator', 'fleet', '--region', '1'])).toThrow(/no --region option/);
  });

  it('prints an empty fleet, then hosts with used and free capacity', async () => {
    expect((await run('simulator fleet')).lines).toEqual([
      'No hosts yet: the simulator builds a region the first time a server is created there.',
    ]);
    const hv = sim.hv;
    await hv.create(serverSpec({ regionId: 2, vcpu: 2, ramMb: 4096, diskGb: 80 }));
    const outcome = await run('simulator fleet');
    expect(outcome.exitCode).toBe(0);
    expect(outcome.lines).toContain(
      'region 2  sim-r2-h1  1 servers  vCPU 2/64 (62 free)  RAM 4/256 GB (252 free)  disk 80/4000 GB (3920 free)',
    );
    expect(outcome.lines.some((l) => l.includes('GPU rtx5090 0/8 (8 free)'))).toBe(true);
  });

  it('plants a fault that the next server fails at', async () => {
    const outcome = await run('simulator fault preparing_disk --region 4 --times 1');
    expect(outcome.lines[0]).toMatch(
      /^Fault #\d+ planted: the next 1 server\(s\) reaching preparing_disk in region 4 will fail \("Simulated infrastructure failure"\)\.$/,
    );
    const hv = sim.hv;
    const spec = serverSpec({ regionId: 4 });
    await hv.create(spec);
    await advanceDueServers(sim.db);
    expect((await hv.get(spec.ref))!.failure?.step).toBe('preparing_disk');
    await expect(run('simulator fault preparing_disk --region 99')).rejects.toThrow(/no region 99/);
  });
});
