import { describe, expect, it } from 'vitest';
import { instance, instanceList, preorderRow } from './instances.test-helpers';
import { isSelectable } from './list/selection';
import { creationPollInterval, overallState, pendingInstances } from './pending/creation-results';
import { listPollInterval } from './queries';
import { instanceFiltersOf, isValidIpSearch, readInstanceListSearch } from './search';

describe('IPv4 search', () => {
  it('accepts a valid address or nothing', () => {
    expect(isValidIpSearch('')).toBe(true);
    expect(isValidIpSearch(' 10.0.0.1 ')).toBe(true);
    expect(isValidIpSearch('255.255.255.255')).toBe(true);
    expect(isValidIpSearch('256.1.1.1')).toBe(false);
    expect(isValidIpSearch('10.0.0')).toBe(false);
    expect(isValidIpSearch('web-1')).toBe(false);
  });

  it('drops an invalid address or status from the URL instead of failing', () => {
    const search = readInstanceListSearch({ ipv4: '999.1.1.1', status: 'nope' });
    expect(search).toEqual({});
    expect(instanceFiltersOf(readInstanceListSearch({ ipv4: '10.0.0.1', status: 'shutdown' }))).toEqual({
      status: 'shutdown',
      ipv4: '10.0.0.1',
    });
  });
});

describe('selection', () => {
  it('lets only settled instances be selected', () => {
    expect(isSelectable(instance(1))).toBe(true);
    expect(isSelectable(instance(1, { status: 'shutdown' }))).toBe(true);
    expect(isSelectable(instance(1, { status: 'initializing' }))).toBe(false);
    expect(isSelectable(preorderRow(2, '2027-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('list polling', () => {
  it('polls every 6 s while an instance changes or has no IP, and stops when all are stable', () => {
    expect(listPollInterval([instanceList([instance(1, { status: 'spawning_qemu' })])])).toBe(6000);
    expect(listPollInterval([instanceList([instance(1, { mainIp: null })])])).toBe(6000);
    expect(
      listPollInterval([instanceList([instance(1)]), instanceList([instance(2, { status: 'shutdown' })])]),
    ).toBe(false);
    expect(listPollInterval([instanceList([preorderRow(3, '2027-01-01T00:00:00Z')])])).toBe(false);
    expect(listPollInterval(undefined)).toBe(false);
  });
});

const created = (hostname: string, instanceId: number) => ({
  hostname,
  code: 'CREATED' as const,
  detail: '',
  instanceId,
  password: 'x',
});
const failed = (hostname: string) => ({
  hostname,
  code: 'NO_CAPACITY' as const,
  detail: 'No capacity',
  instanceId: null,
  password: null,
});
const statusOf = (...rows: [number, 'creating' | 'created' | 'failed'][]) => ({
  instances: rows.map(([id, state]) => ({
    id,
    hostname: `h${id}`,
    state,
    status: state === 'created' ? ('active' as const) : null,
    mainIp: state === 'created' ? '192.0.2.1' : null,
    detail: '',
  })),
});

describe('creation pending state', () => {
  it('is a failure when nothing was CREATED', () => {
    const results = [failed('a')];
    expect(overallState(results, pendingInstances(results))).toBe('failure');
  });

  it('is creating until every instance settled, then success, partial or failure', () => {
    const results = [created('a', 1), created('b', 2)];
    expect(overallState(results, pendingInstances(results))).toBe('creating');
    expect(overallState(results, pendingInstances(results, statusOf([1, 'created'], [2, 'creating'])))).toBe(
      'creating',
    );
    expect(overallState(results, pendingInstances(results, statusOf([1, 'created'], [2, 'created'])))).toBe(
      'success',
    );
    expect(overallState(results, pendingInstances(results, statusOf([1, 'created'], [2, 'failed'])))).toBe(
      'partial',
    );
    expect(overallState(results, pendingInstances(results, statusOf([1, 'failed'], [2, 'failed'])))).toBe(
      'failure',
    );
    const mixed = [created('a', 1), failed('b')];
    expect(overallState(mixed, pendingInstances(mixed, statusOf([1, 'created'])))).toBe('partial');
  });

  it('polls every 6 s until each instance is created or failed', () => {
    expect(creationPollInterval(undefined)).toBe(6000);
    expect(creationPollInterval(statusOf([1, 'creating']))).toBe(6000);
    expect(creationPollInterval(statusOf([1, 'created'], [2, 'creating']))).toBe(6000);
    expect(creationPollInterval(statusOf([1, 'created'], [2, 'failed']))).toBe(false);
    // An id the server leaves out is not the customer's: nothing to wait for.
    expect(creationPollInterval(statusOf([1, 'created']))).toBe(false);
  });

  it('fails an instance the server does not answer for (not the customer’s)', () => {
    const results = [created('a', 1), created('b', 2)];
    const instances = pendingInstances(results, statusOf([1, 'created']));
    expect(instances.map((i) => [i.hostname, i.state, i.detail])).toEqual([
      ['a', 'created', expect.any(String)],
      ['b', 'failed', null],
    ]);
    expect(overallState(results, instances)).toBe('partial');
    // Before the first answer nothing is known yet: still creating.
    expect(pendingInstances(results).map((i) => i.state)).toEqual(['creating', 'creating']);
  });
});
