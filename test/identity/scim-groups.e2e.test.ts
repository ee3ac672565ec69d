import { randomUUID } from 'node:crypto';
import { ApiClient } from '../harness/client';
import { startIdentityPlatform, twoTenantFixture, type IdentityPlatform, type TwoTenantFixture } from '../harness/identity-factories';
import { createScimUser, expectScimError, GROUP_SCHEMA, issueToken, patch, scim } from './scim-helpers';

/** Issue 4, "SCIM 2.0": list filters and pagination, Groups and their membership. */
let ctx: IdentityPlatform;
let api: ApiClient;
let cast: TwoTenantFixture;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  ctx = await startIdentityPlatform((url) => new ApiClient(url));
  api = ctx.api;
  cast = await twoTenantFixture(api, ctx.rootToken, randomUUID(), randomUUID());
  tokenA = (await issueToken(api, cast.adminA.token)).token;
  tokenB = (await issueToken(api, cast.adminB.token)).token;
});
afterAll(() => ctx?.stop());

const list = (token: string, resource: string, filter: string, extra = '') => scim(api, token, 'GET', `/${resource}?filter=${encodeURIComponent(filter)}${extra}`);
const ids = (res: { body: any }) => res.body.Resources.map((r: any) => r.id).sort();

describe('SCIM list filters', () => {
  const family = `Fam${randomUUID().slice(0, 8)}`;
  let ann: any;
  let bea: any;
  let cid: any;
  beforeAll(async () => {
    ann = await createScimUser(api, tokenA, { name: { givenName: 'Ann', familyName: family }, externalId: `x-ann-${family}`, emails: [{ value: `ann.${family}@work.example`, type: 'work' }] });
    bea = await createScimUser(api, tokenA, { name: { givenName: 'Bea', familyName: family }, displayName: 'Bea D', emails: [{ value: `bea.${family}@home.example`, type: 'home' }] });
    cid = await createScimUser(api, tokenA, { name: { givenName: 'Cid', familyName: `${family}-x` }, active: false });
  });

  it('eq, co, sw, pr, and, or, not and parentheses', async () => {
    expect(ids(await list(tokenA, 'Users', `userName eq "${ann.userName.toUpperCase()}"`))).toEqual([ann.id]);
    expect(ids(await list(tokenA, 'Users', `externalId eq "x-ann-${family}"`))).toEqual([ann.id]);
    expect(ids(await list(tokenA, 'Users', `name.familyName co "${family.slice(3)}"`))).toEqual([ann.id, bea.id, cid.id].sort());
    expect(ids(await list(tokenA, 'Users', `name.familyName sw "${family}" and name.givenName sw "b"`))).toEqual([bea.id]);
    expect(ids(await list(tokenA, 'Users', `name.familyName sw "${family}" and displayName pr`))).toEqual([bea.id]);
    expect(ids(await list(tokenA, 'Users', `name.familyName eq "${family}" and (name.givenName eq "Ann" or name.givenName eq "Bea")`))).toEqual([ann.id, bea.id].sort());
    expect(ids(await list(tokenA, 'Users', `name.familyName sw "${family}" and not (active eq true)`))).toEqual([cid.id]);
    expect(ids(await list(tokenA, 'Users', `name.familyName sw "${family}" and active eq false`))).toEqual([cid.id]);
  });

  it('filters on e-mails, with and without a value filter', async () => {
    expect(ids(await list(tokenA, 'Users', `emails.value eq "bea.${family}@home.example"`))).toEqual([bea.id]);
    expect(ids(await list(tokenA, 'Users', `emails[type eq "work" and value co "${family}"]`))).toEqual([ann.id]);
    expect(ids(await list(tokenA, 'Users', `emails co "${family}"`))).toEqual([ann.id, bea.id].sort());
  });

  it('pages with startIndex (1-based) and count, totalResults counting every match', async () => {
    const filter = `name.familyName sw "${family}"`;
    const first = await list(tokenA, 'Users', filter, '&startIndex=1&count=2');
    expect(first.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 3, itemsPerPage: 2, startIndex: 1 });
    const rest = await list(tokenA, 'Users', filter, '&startIndex=3&count=2');
    expect(rest.body).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 3 });
    expect([...ids(first), ...ids(rest)].sort()).toEqual([ann.id, bea.id, cid.id].sort());
    expect((await list(tokenA, 'Users', filter, '&count=0')).body).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
    expect((await list(tokenA, 'Users', filter, '&startIndex=0')).body).toMatchObject({ startIndex: 1, itemsPerPage: 3 });
    expect((await list(tokenA, 'Users', filter, '&startIndex=10')).body).toMatchObject({ totalResults: 3, itemsPerPage: 0 });
  });

  it('never lists another tenant', async () => {
    expect((await list(tokenB, 'Users', `name.familyName sw "${family}"`)).body.totalResults).toBe(0);
    const all = await scim(api, tokenB, 'GET', '/Users?count=200');
    expect(all.body.Resources.every((u: any) => ![ann.id, bea.id, cid.id].includes(u.id))).toBe(true);
  });

  it('refuses filters it cannot parse or translate with 400 invalidFilter', async () => {
    for (const bad of ['userName eq', 'title eq "x"', 'active co "t"', 'userName eq "a" oops', '(userName eq "a"']) {
      expectScimError(await list(tokenA, 'Users', bad), 400, 'invalidFilter');
    }
    expectScimError(await scim(api, tokenA, 'GET', '/Users?count=abc'), 400, 'invalidValue');
  });
});

describe('SCIM Groups', () => {
  let u1: any;
  let u2: any;
  beforeAll(async () => {
    u1 = await createScimUser(api, tokenA);
    u2 = await createScimUser(api, tokenA);
  });
  const groupBody = (extra: Record<string, unknown> = {}) => ({ schemas: [GROUP_SCHEMA], displayName: `Group ${randomUUID()}`, ...extra });

  it('creates, reads, patches membership, replaces and deletes a group', async () => {
    const created = await scim(api, tokenA, 'POST', '/Groups', groupBody({ externalId: `g-${randomUUID()}`, members: [{ value: u1.id }] }));
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(created.body.meta.location);
    expect(created.body).toMatchObject({ schemas: [GROUP_SCHEMA], members: [{ value: u1.id, display: u1.userName, type: 'User' }], meta: { resourceType: 'Group', version: expect.stringMatching(/^W\//) } });
    const id = created.body.id;

    const patched = await scim(api, tokenA, 'PATCH', `/Groups/${id}`, patch(
      { op: 'add', path: 'members', value: [{ value: u2.id }] },
      { op: 'remove', path: `members[value eq "${u1.id}"]` },
    ));
    expect(patched.status).toBe(200);
    expect(patched.body.members.map((m: any) => m.value)).toEqual([u2.id]);
    // a user's groups are read-only attributes that follow membership
    expect((await scim(api, tokenA, 'GET', `/Users/${u2.id}`)).body.groups).toEqual([expect.objectContaining({ value: id, display: created.body.displayName })]);
    expect((await scim(api, tokenA, 'GET', `/Users/${u1.id}`)).body.groups).toEqual([]);
    expect(ids(await list(tokenA, 'Groups', `members.value eq "${u2.id}"`))).toEqual([id]);
    expect(ids(await list(tokenA, 'Groups', `displayName eq "${created.body.displayName.toLowerCase()}"`))).toEqual([id]);
    const slim = await list(tokenA, 'Groups', `id eq "${id}"`, '&excludedAttributes=members');
    expect(slim.body.Resources[0].members).toBeUndefined();

    const renamed = await scim(api, tokenA, 'PATCH', `/Groups/${id}`, patch({ op: 'replace', value: { displayName: 'Renamed ' + id } }));
    expect(renamed.body).toMatchObject({ displayName: 'Renamed ' + id, members: [{ value: u2.id }] });

    const replaced = await scim(api, tokenA, 'PUT', `/Groups/${id}`, groupBody({ displayName: `Put ${id}`, members: [{ value: u1.id }, { value: u2.id }] }));
    expect(replaced.status).toBe(200);
    expect(replaced.body.members.map((m: any) => m.value).sort()).toEqual([u1.id, u2.id].sort());
    expect(replaced.body.externalId).toBeUndefined();

    expect((await scim(api, tokenA, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    // RFC 7644 3.6: gone for every operation and from queries
    expectScimError(await scim(api, tokenA, 'GET', `/Groups/${id}`), 404);
    expectScimError(await scim(api, tokenA, 'PUT', `/Groups/${id}`, groupBody()), 404);
    expectScimError(await scim(api, tokenA, 'PATCH', `/Groups/${id}`, patch({ op: 'add', path: 'members', value: [{ value: u1.id }] })), 404);
    expectScimError(await scim(api, tokenA, 'DELETE', `/Groups/${id}`), 404);
    expect((await list(tokenA, 'Groups', `id eq "${id}"`)).body.totalResults).toBe(0);
    expect((await scim(api, tokenA, 'GET', `/Users/${u1.id}`)).body.groups).toEqual([]);
  });

  it('a deleted user drops out of its groups and cannot be added again', async () => {
    const doomed = await createScimUser(api, tokenA);
    const group = (await scim(api, tokenA, 'POST', '/Groups', groupBody({ members: [{ value: doomed.id }, { value: u2.id }] }))).body;
    expect((await scim(api, tokenA, 'DELETE', `/Users/${doomed.id}`)).status).toBe(204);

    expect((await scim(api, tokenA, 'GET', `/Groups/${group.id}`)).body.members.map((m: any) => m.value)).toEqual([u2.id]);
    const listed = await list(tokenA, 'Groups', `id eq "${group.id}"`);
    expect(listed.body.Resources[0].members.map((m: any) => m.value)).toEqual([u2.id]);
    expect((await list(tokenA, 'Groups', `members.value eq "${doomed.id}"`)).body.totalResults).toBe(0);
    // an identity provider cleaning up afterwards gets no error
    const cleanup = await scim(api, tokenA, 'PATCH', `/Groups/${group.id}`, patch({ op: 'remove', path: `members[value eq "${doomed.id}"]` }));
    expect(cleanup.status).toBe(200);
    expectScimError(await scim(api, tokenA, 'PATCH', `/Groups/${group.id}`, patch({ op: 'add', path: 'members', value: [{ value: doomed.id }] })), 400, 'invalidValue');
    expectScimError(await scim(api, tokenA, 'POST', '/Groups', groupBody({ members: [{ value: doomed.id }] })), 400, 'invalidValue');
  });

  it('refuses duplicates, unknown or foreign members and bad bodies', async () => {
    const group = (await scim(api, tokenA, 'POST', '/Groups', groupBody())).body;
    expectScimError(await scim(api, tokenA, 'POST', '/Groups', groupBody({ displayName: group.displayName })), 409, 'uniqueness');
    const foreign = await createScimUser(api, tokenB);
    expectScimError(await scim(api, tokenA, 'POST', '/Groups', groupBody({ members: [{ value: foreign.id }] })), 400, 'invalidValue');
    expectScimError(await scim(api, tokenA, 'PATCH', `/Groups/${group.id}`, patch({ op: 'add', path: 'members', value: [{ value: 'not-a-user' }] })), 400, 'invalidValue');
    expectScimError(await scim(api, tokenA, 'POST', '/Groups', { schemas: [GROUP_SCHEMA] }), 400, 'invalidValue');
    expectScimError(await scim(api, tokenA, 'PATCH', `/Groups/${group.id}`, patch({ op: 'replace', path: 'members[value eq "nobody"]', value: { value: u1.id } })), 400, 'noTarget');
    // nothing was half-written
    expect((await scim(api, tokenA, 'GET', `/Groups/${group.id}`)).body.members).toEqual([]);
  });

  it('loses no member when membership PATCHes of one group arrive concurrently', async () => {
    const group = (await scim(api, tokenA, 'POST', '/Groups', groupBody())).body;
    const people = await Promise.all(Array.from({ length: 6 }, () => createScimUser(api, tokenA)));
    const results = await Promise.all(people.map((p) => scim(api, tokenA, 'PATCH', `/Groups/${group.id}`, patch({ op: 'add', path: 'members', value: [{ value: p.id }] }))));
    expect(results.map((r) => r.status)).toEqual(people.map(() => 200));
    const after = await scim(api, tokenA, 'GET', `/Groups/${group.id}`);
    expect(after.body.members.map((m: any) => m.value).sort()).toEqual(people.map((p) => p.id).sort());
  });

  it('keeps groups per tenant', async () => {
    const group = (await scim(api, tokenA, 'POST', '/Groups', groupBody())).body;
    expectScimError(await scim(api, tokenB, 'GET', `/Groups/${group.id}`), 404);
    expectScimError(await scim(api, tokenB, 'PATCH', `/Groups/${group.id}`, patch({ op: 'add', path: 'members', value: [{ value: u1.id }] })), 404);
    expectScimError(await scim(api, tokenB, 'DELETE', `/Groups/${group.id}`), 404);
    expect((await list(tokenB, 'Groups', `displayName eq "${group.displayName}"`)).body.totalResults).toBe(0);
    // the same name is free in tenant B
    expect((await scim(api, tokenB, 'POST', '/Groups', groupBody({ displayName: group.displayName }))).status).toBe(201);
  });
});
