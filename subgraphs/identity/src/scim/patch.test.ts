import { IdentityError } from '../errors';
import { GROUP_PATCH } from './group-resource';
import { applyPatch, PATCH_OP_SCHEMA, type Doc } from './patch';
import { USER_PATCH } from './user-resource';

const msg = (...Operations: unknown[]) => ({ schemas: [PATCH_OP_SCHEMA], Operations });
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
};

const user = (): Doc => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  id: 'u1',
  userName: 'bjensen@example.com',
  name: { givenName: 'Barbara', familyName: 'Jensen' },
  active: true,
  emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }, { value: 'babs@home.example', type: 'home' }],
  meta: { resourceType: 'User' },
});
const group = (): Doc => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], id: 'g1', displayName: 'Tour Guides', members: [{ value: 'a' }, { value: 'b' }] });

describe('applyPatch', () => {
  it('replaces and adds without a path, merging complex attributes', () => {
    const out = applyPatch(user(), msg({ op: 'Replace', value: { active: false, name: { givenName: 'Babs' }, 'name.familyName': 'J.' } }, { op: 'add', value: { displayName: 'Babs' } }), USER_PATCH);
    expect(out).toMatchObject({ active: false, name: { givenName: 'Babs', familyName: 'J.' }, displayName: 'Babs' });
  });

  it('accepts a read-only attribute restated with its current value (Okta sends the id)', () => {
    expect(applyPatch(group(), msg({ op: 'replace', value: { id: 'g1', displayName: 'New' } }), GROUP_PATCH)).toMatchObject({ id: 'g1', displayName: 'New' });
    expect(code(() => applyPatch(group(), msg({ op: 'replace', value: { id: 'g2' } }), GROUP_PATCH))).toBe(IdentityError.SCIM_MUTABILITY);
  });

  it('does not change its input', () => {
    const input = user();
    applyPatch(input, msg({ op: 'replace', path: 'active', value: false }), USER_PATCH);
    expect(input.active).toBe(true);
  });

  it('addresses attributes case-insensitively and sub-attributes by path', () => {
    const out = applyPatch(user(), msg({ op: 'replace', path: 'NAME.GIVENNAME', value: 'B' }, { op: 'add', path: 'DISPLAYNAME', value: 'bj' }, { op: 'remove', path: 'name.familyName' }), USER_PATCH);
    expect(out.name).toEqual({ givenName: 'B' });
    expect(out.displayName).toBe('bj');
    expect(applyPatch({ ...user(), displayName: 'x' }, msg({ op: 'replace', path: 'displayname', value: 'y' }), USER_PATCH).displayName).toBe('y');
  });

  it('appends to multi-valued attributes on add, without duplicates', () => {
    const out = applyPatch(group(), msg({ op: 'add', path: 'members', value: [{ value: 'b' }, { value: 'c' }] }, { op: 'add', value: { members: [{ value: 'd' }] } }), GROUP_PATCH);
    expect((out.members as Doc[]).map((m) => m.value)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('replaces a multi-valued attribute wholesale on replace', () => {
    const out = applyPatch(group(), msg({ op: 'replace', path: 'members', value: [{ value: 'z' }] }), GROUP_PATCH);
    expect(out.members).toEqual([{ value: 'z' }]);
  });

  it('removes the elements a value filter selects, or all of them', () => {
    expect(applyPatch(group(), msg({ op: 'remove', path: 'members[value eq "a"]' }), GROUP_PATCH).members).toEqual([{ value: 'b' }]);
    expect(applyPatch(group(), msg({ op: 'remove', path: 'members[value eq "nobody"]' }), GROUP_PATCH).members).toEqual([{ value: 'a' }, { value: 'b' }]);
    expect(applyPatch(group(), msg({ op: 'remove', path: 'members' }), GROUP_PATCH).members).toBeUndefined();
  });

  it('sets a sub-attribute of the selected elements, creating the element for an equality filter', () => {
    const out = applyPatch(user(), msg({ op: 'replace', path: 'emails[type eq "work"].value', value: 'new@example.com' }), USER_PATCH);
    expect((out.emails as Doc[])[0]).toEqual({ value: 'new@example.com', type: 'work', primary: true });
    const created = applyPatch(user(), msg({ op: 'replace', path: 'emails[type eq "other"].value', value: 'o@example.com' }), USER_PATCH);
    expect((created.emails as Doc[])[2]).toEqual({ type: 'other', value: 'o@example.com' });
    expect(code(() => applyPatch(user(), msg({ op: 'replace', path: 'emails[value co "zzz"].type', value: 'x' }), USER_PATCH))).toBe(IdentityError.SCIM_NO_TARGET);
    expect(code(() => applyPatch(user(), msg({ op: 'replace', path: 'emails[value co "zzz"]', value: { type: 'x' } }), USER_PATCH))).toBe(IdentityError.SCIM_NO_TARGET);
  });

  it('refuses bad messages with the RFC 7644 scimType codes', () => {
    expect(code(() => applyPatch(user(), { Operations: [{ op: 'add', value: {} }] }, USER_PATCH))).toBe(IdentityError.SCIM_INVALID_SYNTAX);
    expect(code(() => applyPatch(user(), msg(), USER_PATCH))).toBe(IdentityError.SCIM_INVALID_SYNTAX);
    expect(code(() => applyPatch(user(), msg({ op: 'copy', path: 'a' }), USER_PATCH))).toBe(IdentityError.SCIM_INVALID_SYNTAX);
    expect(code(() => applyPatch(user(), msg({ op: 'remove' }), USER_PATCH))).toBe(IdentityError.SCIM_NO_TARGET);
    expect(code(() => applyPatch(user(), msg({ op: 'replace', value: 'x' }), USER_PATCH))).toBe(IdentityError.SCIM_INVALID_VALUE);
    expect(code(() => applyPatch(user(), msg({ op: 'add', path: 'displayName' }), USER_PATCH))).toBe(IdentityError.SCIM_INVALID_VALUE);
    expect(code(() => applyPatch(user(), msg({ op: 'replace', path: 'id', value: 'x' }), USER_PATCH))).toBe(IdentityError.SCIM_MUTABILITY);
    expect(code(() => applyPatch(user(), msg({ op: 'add', path: 'groups', value: [{ value: 'g' }] }), USER_PATCH))).toBe(IdentityError.SCIM_MUTABILITY);
    expect(code(() => applyPatch(user(), msg({ op: 'replace', value: { meta: {} } }), USER_PATCH))).toBe(IdentityError.SCIM_MUTABILITY);
    expect(code(() => applyPatch(user(), msg({ op: 'replace', path: 'name[givenName eq "x"]', value: {} }), USER_PATCH))).toBe(IdentityError.SCIM_INVALID_PATH);
    expect(code(() => applyPatch(user(), msg({ op: 'replace', path: 'emails[type eq', value: 'x' }), USER_PATCH))).toBe(IdentityError.SCIM_INVALID_PATH);
    const many = msg(...Array.from({ length: 1001 }, () => ({ op: 'replace', path: 'active', value: true })));
    expect(code(() => applyPatch(user(), many, USER_PATCH))).toBe(IdentityError.SCIM_TOO_MANY);
  });
});
