import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One organisation the fake ODS serves. */
export interface FakeOrg {
  code: string;
  name: string;
  role?: string;
  regionCode?: string;
  openDate?: string;
  closureDate?: string;
  successorCode?: string;
  postcode?: string;
  /** When the record last changed, yyyy-MM-dd (default 2024-01-01): what LastChangeDate queries compare. */
  lastChangeDate?: string;
}

export interface FakeOrd {
  baseUrl: string;
  orgs: FakeOrg[];
  /** Paths (with query) that answer 500, and how many more times each does; Infinity = always. */
  failures: Map<string, number>;
  /** Paths (with query) that answer only once their promise settles (a slow ODS, a run caught mid-way). */
  holds: Map<string, Promise<void>>;
  requests: string[];
  close(): Promise<void>;
}

function detail(o: FakeOrg) {
  const date: Record<string, string> = { Type: 'Operational', Start: o.openDate ?? '2000-04-01' };
  if (o.closureDate) date.End = o.closureDate;
  return {
    Organisation: {
      Name: o.name,
      Date: [date],
      OrgId: {
        root: '2.16.840.1.113883.2.1.3.2.4.18.48',
        assigningAuthorityName: 'HSCIC',
        extension: o.code,
      },
      Status: o.closureDate ? 'Inactive' : 'Active',
      LastChangeDate: o.lastChangeDate ?? '2024-01-01',
      orgRecordClass: 'RC1',
      GeoLoc: {
        Location: {
          AddrLn1: '1 HOSPITAL ROAD',
          Town: 'LEEDS',
          PostCode: o.postcode ?? 'LS1 1AA',
          Country: 'ENGLAND',
        },
      },
      Roles: {
        Role: [{ id: o.role ?? 'RO197', uniqueRoleId: 1, primaryRole: true, Status: 'Active', Date: [date] }],
      },
      Rels: o.regionCode
        ? {
            Rel: [
              {
                Date: [{ Type: 'Operational', Start: '2018-04-01' }],
                Status: 'Active',
                Target: {
                  OrgId: { extension: o.regionCode },
                  PrimaryRoleId: { id: 'RO209', uniqueRoleId: '2' },
                },
                id: 'RE5',
                uniqueRelId: 3,
              },
            ],
          }
        : undefined,
      Succs: o.successorCode
        ? {
            Succ: [
              {
                uniqueSuccId: 4,
                Date: [{ Type: 'Legal', Start: o.closureDate ?? '2024-04-01' }],
                Type: 'Successor',
                Target: {
                  OrgId: { extension: o.successorCode },
                  PrimaryRoleId: { id: 'RO197', uniqueRoleId: '5' },
                },
              },
            ],
          }
        : undefined,
    },
  };
}

/**
 * A local HTTP server answering like the ORD 2-0-0 JSON API: listing by primary role (paged, optionally
 * only records changed on or after `LastChangeDate`), detail, and the sync endpoint
 * (`/sync?LastChangeDate=YYYY-MM-DD`: `{ Organisations: [{ OrgLink }] }` for every role; 406 without the
 * date, as the real one answers).
 */
export async function startFakeOrd(orgs: FakeOrg[]): Promise<FakeOrd> {
  const fake: FakeOrd = {
    baseUrl: '',
    orgs,
    failures: new Map(),
    holds: new Map(),
    requests: [],
    close: async () => {},
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/ORD\/2-0-0/, '');
    const key = `${path}${url.search}`;
    fake.requests.push(key);
    await fake.holds.get(key);
    const left = fake.failures.get(key) ?? 0;
    if (left > 0) {
      fake.failures.set(key, left - 1);
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"errorCode":500}');
      return;
    }
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const changedSince = url.searchParams.get('LastChangeDate');
    const changed = (o: FakeOrg) => !changedSince || (o.lastChangeDate ?? '2024-01-01') >= changedSince;
    if (path === '/sync') {
      if (!changedSince) return send(406, { errorCode: 406, errorText: 'Not Acceptable' });
      return send(200, {
        Organisations: fake.orgs
          .filter(changed)
          .map((o) => ({ OrgLink: `${fake.baseUrl}/organisations/${o.code}` })),
      });
    }
    if (path === '/organisations') {
      const role = (url.searchParams.get('PrimaryRoleId') ?? '').toUpperCase();
      const limit = Number(url.searchParams.get('Limit') ?? 20);
      const offset = Number(url.searchParams.get('Offset') ?? 0);
      const matching = fake.orgs.filter((o) => (o.role ?? 'RO197') === role && changed(o));
      const page = matching.slice(offset, offset + limit).map((o) => ({
        Name: o.name,
        OrgId: o.code,
        Status: o.closureDate ? 'Inactive' : 'Active',
        OrgRecordClass: 'RC1',
        PostCode: o.postcode ?? 'LS1 1AA',
        LastChangeDate: o.lastChangeDate ?? '2024-01-01',
        PrimaryRoleId: role,
        PrimaryRoleDescription: 'NHS TRUST',
        OrgLink: `${fake.baseUrl}/organisations/${o.code}`,
      }));
      return send(200, { Organisations: page }, { 'x-total-count': String(matching.length) });
    }
    const match = /^\/organisations\/([^/]+)$/.exec(path);
    const org = match && fake.orgs.find((o) => o.code === decodeURIComponent(match[1]!));
    if (org) return send(200, detail(org));
    return send(404, { errorCode: 404, errorText: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ORD/2-0-0`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
