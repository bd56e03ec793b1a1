import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { activityLogs } from '../activity-log/activity-log.tables';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { customerWithCredit } from '../billing/billing.test-helpers';
import {
  anOrder,
  postInstances,
  setAccountStatus,
  verifiedCustomer,
} from '../instances/creation/creation.test-helpers';
import { serverSpecOf } from '../instances/creation/server-spec';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { instances } from '../instances/instances.tables';
import { insertInstance, type TestCustomer } from '../instances/instances.test-helpers';
import { downloadIso } from './iso-download';
import { type IsoFileServer, isoImage, startIsoFileServer, testCaFile } from './iso-server.test-helpers';
import { isoSourceOptions } from './iso-source-options';
import { expireIsos } from './isos.jobs';
import { isoImageRef } from './isos.repository';
import { isos } from './isos.tables';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const MiB = 1024 * 1024;
const good = isoImage(9 * MiB + 123);

describe('custom ISO', () => {
  let t: TestApp;
  let files: IsoFileServer;
  let other: IsoFileServer;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let carol: TestCustomer;

  beforeAll(async () => {
    // `other` is not a trusted mirror: a redirect to it must be refused like any private address.
    other = await startIsoFileServer({ files: { '/inside.iso': good } });
    files = await startIsoFileServer({
      files: {
        '/good.iso': good,
        '/breaks.iso': good,
        '/zeros.iso': new Uint8Array(40_000),
        '/gone.iso': good,
        '/huge.iso': good,
      },
      announced: { '/huge.iso': 11 * 1024 ** 3 },
      breakAfter: { '/breaks.iso': 5 * MiB },
      redirects: {
        '/to-loopback.iso': 'https://127.0.0.1/inside.iso',
        '/to-metadata.iso': 'https://169.254.169.254/latest/meta-data.iso',
        '/to-other.iso': `${other.origin}/inside.iso`,
        '/to-http.iso': 'http://example.com/file.iso',
        '/moved.iso': '/good.iso',
      },
    });
    t = await createTestApp({
      ...relaxedLimits,
      ISO_MIRROR_ORIGINS: [files.origin],
      ISO_MIRROR_CA_FILE: testCaFile,
    });
    alice = await customerWithCredit(t.app, t.db, 1_000_000);
    bob = await customerWithCredit(t.app, t.db, 1_000_000);
    carol = await customerWithCredit(t.app, t.db, 1_000_000);
  });
  afterAll(async () => {
    await t.close();
    await files.close();
    await other.close();
  });

  const call = (user: TestCustomer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const importIso = (user: TestCustomer, url: string, name = 'Installer') =>
    call(user, 'POST', '/api/iso', { name, url, regionId: 1, useVirtio: true });
  const download = (id: number) =>
    downloadIso({ db: t.db, hypervisor: fakeHypervisor.driver, source: isoSourceOptions(t.config) }, id);
  const remove = async (user: TestCustomer) => {
    for (const iso of (await call(user, 'GET', '/api/iso')).json().data.items)
      expect((await call(user, 'DELETE', `/api/iso/${iso.id}`)).statusCode).toBe(200);
  };
  const events = async (customerId: number) =>
    (await t.db.select().from(activityLogs).where(eq(activityLogs.customerId, customerId))).map(
      (r) => r.event,
    );

  it('imports an ISO: size from HEAD, downloaded by the job in pieces, READY for 48 hours', async () => {
    const res = await importIso(alice, `${files.origin}/good.iso`, 'Debian 13 netinst');
    expect(res.statusCode, res.body).toBe(201);
    const iso = res.json().data;
    expect(iso).toMatchObject({
      name: 'Debian 13 netinst',
      status: 'DOWNLOADING',
      size: good.length,
      downloadedBytes: 0,
      useVirtio: true,
      expiresAt: null,
    });
    expect(await download(iso.id)).toBe('settled');
    const ready = (await call(alice, 'GET', `/api/iso/${iso.id}`)).json().data;
    expect(ready).toMatchObject({
      status: 'READY',
      downloadedBytes: good.length,
      isInvalidIso: false,
      failure: null,
    });
    const hours = (Date.parse(ready.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(fakeHypervisor.isoImages.get(isoImageRef(iso.id))).toMatchObject({
      bytes: good.length,
      complete: true,
    });
    // A second run (a duplicate job) finds nothing to do.
    expect(await download(iso.id)).toBe('busy');
    expect(await events(alice.id)).toEqual(expect.arrayContaining(['iso_imported', 'iso_ready']));

    // One per customer.
    const second = await importIso(alice, `${files.origin}/good.iso`);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ISO_LIMIT_REACHED');
  });

  it('deploys an instance that boots from a ready ISO in its region, and keeps the ISO while attached', async () => {
    const dana = await verifiedCustomer(t);
    const order = (over: object) =>
      postInstances(t, dana.headers, anOrder({ osId: null, hostnames: ['iso-vps'], ...over }));
    const iso = (await importIso(dana, `${files.origin}/good.iso`, 'Arch')).json().data;
    const early = await order({ isoId: iso.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ISO_NOT_READY');
    await download(iso.id);
    // Another customer's ISO answers like a missing one; the ISO stays in its region; it comes alone.
    const erin = await verifiedCustomer(t);
    expect((await postInstances(t, erin.headers, anOrder({ osId: null, isoId: iso.id }))).statusCode).toBe(
      404,
    );
    expect((await order({ isoId: iso.id, region: 2 })).statusCode).toBe(400);
    expect((await order({ isoId: iso.id, osId: 101 })).statusCode).toBe(400);

    const created = await order({ isoId: iso.id });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.results[0].instanceId as number;
    const instance = (await call(dana, 'GET', `/api/instances/${id}`)).json().data;
    expect(instance).toMatchObject({ isoId: iso.id, attachIso: true, os: null, osId: null });
    const [row] = await t.db.select().from(instances).where(eq(instances.id, id));
    expect((await serverSpecOf(t.db, row!)).source).toEqual({
      kind: 'iso',
      isoRef: isoImageRef(iso.id),
      useVirtio: true,
    });
    expect((await call(dana, 'GET', `/api/iso/${iso.id}/instances`)).json().data.instances).toEqual([
      expect.objectContaining({ id, hostname: 'iso-vps' }),
    ]);
    expect((await call(dana, 'DELETE', `/api/iso/${iso.id}`)).statusCode).toBe(406);
  });

  it('keeps each customer to their own ISOs', async () => {
    const [iso] = (await call(alice, 'GET', '/api/iso')).json().data.items;
    expect((await call(bob, 'GET', '/api/iso')).json().data.items).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/iso/${iso.id}`],
      ['GET', `/api/iso/${iso.id}/instances`],
      ['DELETE', `/api/iso/${iso.id}`],
    ] as const)
      expect((await call(bob, method, url)).statusCode, `${method} ${url}`).toBe(404);
    expect((await call(alice, 'GET', `/api/iso/${iso.id}`)).statusCode).toBe(200);
  });

  it('refuses delete while an instance has it attached (406), and lists those instances', async () => {
    const [iso] = (await call(alice, 'GET', '/api/iso')).json().data.items;
    const attached = await insertInstance(t.db, alice.id, { hostname: 'iso-box', isoId: iso.id });
    const using = (await call(alice, 'GET', `/api/iso/${iso.id}/instances`)).json().data.instances;
    expect(using).toEqual([
      expect.objectContaining({ id: attached.id, hostname: 'iso-box', status: 'active' }),
    ]);
    const refused = await call(alice, 'DELETE', `/api/iso/${iso.id}`);
    expect(refused.statusCode).toBe(406);
    expect(refused.json().code).toBe('ISO_ATTACHED');

    // Detached (eject-iso), it can go.
    fakeHypervisor.add(attached.id, 'active', 'iso-box');
    const ejected = await call(alice, 'POST', `/api/instances/${attached.id}/eject-iso`);
    expect(ejected.statusCode, ejected.body).toBe(200);
    expect((await call(alice, 'DELETE', `/api/iso/${iso.id}`)).statusCode).toBe(200);
    expect((await call(alice, 'GET', `/api/iso/${iso.id}`)).statusCode).toBe(404);
    expect(fakeHypervisor.isoImages.has(isoImageRef(iso.id))).toBe(false);
    expect(await events(alice.id)).toContain('iso_deleted');
  });

  it('resumes a download that broke off from the bytes the store holds, with a Range request', async () => {
    const iso = (await importIso(alice, `${files.origin}/breaks.iso`)).json().data;
    expect(await download(iso.id)).toBe('retry');
    const [paused] = await t.db.select().from(isos).where(eq(isos.id, iso.id));
    // Whole pieces (of 4 MiB and more) were stored before the connection broke at 5 MiB.
    expect(paused).toMatchObject({ status: 'DOWNLOADING', stalledAttempts: 1 });
    expect(paused!.downloadedBytes).toBeGreaterThanOrEqual(4 * MiB);
    expect(paused!.downloadedBytes).toBeLessThan(5 * MiB);
    expect((await call(alice, 'GET', `/api/iso/${iso.id}`)).json().data.downloadedBytes).toBe(
      paused!.downloadedBytes,
    );
    // The sweep picks it up once the pause is over.
    await t.db.update(isos).set({ leaseUntil: null }).where(eq(isos.id, iso.id));
    expect(await download(iso.id)).toBe('settled');
    expect(files.ranges.at(-1)).toBe(`bytes=${paused!.downloadedBytes}-`);
    expect((await call(alice, 'GET', `/api/iso/${iso.id}`)).json().data).toMatchObject({
      status: 'READY',
      downloadedBytes: good.length,
    });
    await remove(alice);
  });

  it('fails an import whose file is not an ISO image, or that vanished before the download', async () => {
    const zeros = (await importIso(alice, `${files.origin}/zeros.iso`)).json().data;
    expect(await download(zeros.id)).toBe('settled');
    expect((await call(alice, 'GET', `/api/iso/${zeros.id}`)).json().data).toMatchObject({
      status: 'FAILED',
      isInvalidIso: true,
      failure: 'invalid-file',
    });
    expect(fakeHypervisor.isoImages.has(isoImageRef(zeros.id))).toBe(false);
    await remove(alice);
  });

  it('refuses what the form refuses, a missing file, and a file over 10 GB', async () => {
    const cases: [string, string, number, string][] = [
      ['Installer', 'http://example.com/a.iso', 400, 'VALIDATION_ERROR'],
      ['Installer', 'https://example.com/a.img', 400, 'VALIDATION_ERROR'],
      ['Installer', 'https://exämple.com/a.iso', 400, 'VALIDATION_ERROR'],
      ['نصب', `${files.origin}/good.iso`, 400, 'VALIDATION_ERROR'],
      ['x'.repeat(31), `${files.origin}/good.iso`, 400, 'VALIDATION_ERROR'],
      ['Installer', `${files.origin}/missing.iso`, 404, 'INVALID_ISO_FILE'],
      ['Installer', `${files.origin}/huge.iso`, 400, 'ISO_TOO_LARGE'],
    ];
    for (const [name, url, status, code] of cases) {
      const res = await importIso(carol, url, name);
      expect(res.statusCode, `${name} ${url}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect((await importIso(carol, `${files.origin}/huge.iso`)).json().detail).toBe(
      'The size of given url is greater than 10GB.',
    );
    // A suspended account cannot import (the panel disables the button; the server refuses it too).
    await setAccountStatus(t.db, carol.id, 'suspended_by_admin');
    const suspended = await importIso(carol, `${files.origin}/good.iso`);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe('ACCESS_SUSPENDED');
    await setAccountStatus(t.db, carol.id, 'active');
    const region = await call(carol, 'POST', '/api/iso', {
      name: 'A',
      url: `${files.origin}/good.iso`,
      regionId: 999,
    });
    expect(region.statusCode).toBe(400);
    expect((await call(carol, 'GET', '/api/iso')).json().data.items).toEqual([]);
  });

  it('never fetches from loopback, private or link-local addresses, redirects included (SSRF)', async () => {
    const blocked = [
      'https://127.0.0.1/a.iso',
      'https://localhost/a.iso',
      'https://[::1]/a.iso',
      'https://169.254.169.254/latest/a.iso',
      'https://10.0.0.5/a.iso',
      'https://192.168.1.1/a.iso',
      'https://[fd00::1]/a.iso',
      'https://[::ffff:127.0.0.1]/a.iso',
      `${other.origin}/inside.iso`,
      `${files.origin}/to-loopback.iso`,
      `${files.origin}/to-metadata.iso`,
      `${files.origin}/to-other.iso`,
      `${files.origin}/to-http.iso`,
    ];
    for (const url of blocked) {
      const res = await importIso(carol, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().code, url).toBe('ISO_ADDRESS_NOT_ALLOWED');
    }
    expect(other.ranges).toEqual([]);
    // A redirect inside the trusted mirror is followed.
    const moved = await importIso(carol, `${files.origin}/moved.iso`);
    expect(moved.statusCode, moved.body).toBe(201);
    await remove(carol);
  });

  it('fails a download whose address turns private after the import (checked again when downloading)', async () => {
    const iso = (await importIso(carol, `${files.origin}/good.iso`)).json().data;
    await t.db
      .update(isos)
      .set({ url: `${files.origin}/to-loopback.iso` })
      .where(eq(isos.id, iso.id));
    expect(await download(iso.id)).toBe('settled');
    expect((await call(carol, 'GET', `/api/iso/${iso.id}`)).json().data).toMatchObject({
      status: 'FAILED',
      failure: 'blocked-address',
    });
    await remove(carol);
  });

  it('stops a download whose ISO was deleted meanwhile and leaves nothing in the store', async () => {
    const iso = (await importIso(bob, `${files.origin}/gone.iso`)).json().data;
    expect((await call(bob, 'DELETE', `/api/iso/${iso.id}`)).statusCode).toBe(200);
    expect(await download(iso.id)).toBe('busy');
    expect(fakeHypervisor.isoImages.has(isoImageRef(iso.id))).toBe(false);
  });

  it('removes an ISO after 48 hours, ejecting it from the instances that still have it', async () => {
    const iso = (await importIso(bob, `${files.origin}/good.iso`)).json().data;
    await download(iso.id);
    const box = await insertInstance(t.db, bob.id, { hostname: 'installing', isoId: iso.id });
    fakeHypervisor.add(box.id, 'active', 'installing');
    await fakeHypervisor.driver.attachIso(`instance-${box.id}`, isoImageRef(iso.id));
    await expireIsos({ db: t.db, hypervisor: fakeHypervisor.driver }, new Date(Date.now() + 47 * 3_600_000));
    expect((await call(bob, 'GET', `/api/iso/${iso.id}`)).statusCode).toBe(200);
    await expireIsos({ db: t.db, hypervisor: fakeHypervisor.driver }, new Date(Date.now() + 49 * 3_600_000));
    expect((await call(bob, 'GET', `/api/iso/${iso.id}`)).statusCode).toBe(404);
    const [after] = await t.db.select().from(instances).where(eq(instances.id, box.id));
    expect(after!.isoId).toBeNull();
    expect(fakeHypervisor.isoImages.has(isoImageRef(iso.id))).toBe(false);
    const logged = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.customerId, bob.id), eq(activityLogs.instanceId, box.id)));
    expect(logged.map((r) => r.event)).toContain('instance_iso_expired');
    expect(await events(bob.id)).toContain('iso_expired');
    // Bob may import again.
    expect((await importIso(bob, `${files.origin}/good.iso`)).statusCode).toBe(201);
  });
});
