import { IdentityError } from '../errors';
import { parseFilter, parsePath } from './filter';
import { toWhere } from './filter-query';
import { GROUP_FILTER } from './group-resource';
import { USER_FILTER } from './user-resource';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
};

describe('parseFilter', () => {
  it('parses comparisons, presence and literals (RFC 7644 section 3.4.2.2 examples)', () => {
    expect(parseFilter('userName Eq "john"')).toEqual({ op: 'eq', attr: 'username', value: 'john' });
    expect(parseFilter('title pr')).toEqual({ op: 'pr', attr: 'title' });
    expect(parseFilter('active eq true')).toEqual({ op: 'eq', attr: 'active', value: true });
    expect(parseFilter('x eq null')).toEqual({ op: 'eq', attr: 'x', value: null });
    expect(parseFilter('n ge -1.5e2')).toEqual({ op: 'ge', attr: 'n', value: -150 });
    expect(parseFilter('name.familyName co "O\'Malley"')).toEqual({ op: 'co', attr: 'name.familyname', value: "O'Malley" });
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "J"')).toEqual({ op: 'sw', attr: 'username', value: 'J' });
    expect(parseFilter('userName eq "a \\"quoted\\" b"')).toEqual({ op: 'eq', attr: 'username', value: 'a "quoted" b' });
  });

  it('gives "and" precedence over "or", and honours parentheses and not', () => {
    const a = { op: 'eq', attr: 'a', value: 1 };
    const b = { op: 'eq', attr: 'b', value: 2 };
    const c = { op: 'eq', attr: 'c', value: 3 };
    expect(parseFilter('a eq 1 or b eq 2 and c eq 3')).toEqual({ op: 'or', left: a, right: { op: 'and', left: b, right: c } });
    expect(parseFilter('(a eq 1 or b eq 2) and c eq 3')).toEqual({ op: 'and', left: { op: 'or', left: a, right: b }, right: c });
    expect(parseFilter('not (a eq 1)')).toEqual({ op: 'not', filter: a });
  });

  it('parses value filters of multi-valued attributes', () => {
    expect(parseFilter('emails[type eq "work" and value co "@example.com"]')).toEqual({
      op: 'valuePath', attr: 'emails',
      filter: { op: 'and', left: { op: 'eq', attr: 'type', value: 'work' }, right: { op: 'co', attr: 'value', value: '@example.com' } },
    });
  });

  it('refuses what is not a filter with invalidFilter', () => {
    for (const bad of ['', 'userName', 'userName eq', 'userName eq john', 'userName xx "a"', '(a eq 1', 'a eq 1)', 'a eq "open', 'emails[type eq "w"', 'a eq 1 b eq 2', 'not a eq 1', 'e[a[b eq 1]]']) {
      expect([bad, code(() => parseFilter(bad))]).toEqual([bad, IdentityError.SCIM_INVALID_FILTER]);
    }
  });
});

describe('parsePath', () => {
  it('parses attribute paths, sub-attributes and value filters', () => {
    expect(parsePath('userName')).toEqual({ attr: 'username' });
    expect(parsePath('name.givenName')).toEqual({ attr: 'name', sub: 'givenname' });
    expect(parsePath('members[value eq "2819c223"]')).toEqual({ attr: 'members', filter: { op: 'eq', attr: 'value', value: '2819c223' } });
    expect(parsePath('emails[type eq "work"].value')).toEqual({ attr: 'emails', filter: { op: 'eq', attr: 'type', value: 'work' }, sub: 'value' });
    expect(parsePath('urn:ietf:params:scim:schemas:core:2.0:User:name.familyName')).toEqual({ attr: 'name', sub: 'familyname' });
  });

  it('refuses malformed paths with invalidPath', () => {
    for (const bad of ['emails[type eq', 'emails[]', 'a b', 'emails[type eq "w"]value', '[x eq 1]']) {
      expect([bad, code(() => parsePath(bad))]).toEqual([bad, IdentityError.SCIM_INVALID_PATH]);
    }
  });
});

describe('toWhere', () => {
  const users = (f: string) => toWhere(parseFilter(f), USER_FILTER);

  it('maps user attributes onto columns, case-insensitively unless caseExact', () => {
    expect(users('userName eq "Bjensen@Example.com"')).toEqual({ email: { equals: 'Bjensen@Example.com', mode: 'insensitive' } });
    expect(users('name.familyName co "jen"')).toEqual({ lastName: { contains: 'jen', mode: 'insensitive' } });
    expect(users('name.givenName sw "B"')).toEqual({ firstName: { startsWith: 'B', mode: 'insensitive' } });
    expect(users('externalId eq "E1"')).toEqual({ scimProfile: { is: { externalId: { equals: 'E1' } } } });
    expect(users('active eq false')).toEqual({ enabled: false });
    expect(users('displayName pr')).toEqual({ scimProfile: { is: { AND: [{ displayName: { not: null } }, { NOT: { displayName: '' } }] } } });
  });

  it('maps multi-valued attributes onto their rows', () => {
    expect(users('emails.value ew "@example.com"')).toEqual({ scimEmails: { some: { value: { endsWith: '@example.com', mode: 'insensitive' } } } });
    expect(users('emails[type eq "work" and value co "x"]')).toEqual({
      scimEmails: { some: { AND: [{ type: { equals: 'work', mode: 'insensitive' } }, { value: { contains: 'x', mode: 'insensitive' } }] } },
    });
    const id = '2819c223-7f76-453a-919d-413861904646';
    expect(toWhere(parseFilter(`members.value eq "${id}"`), GROUP_FILTER)).toEqual({ members: { some: { userId: id } } });
    expect(toWhere(parseFilter('members[value eq "nope"]'), GROUP_FILTER)).toEqual({ members: { some: { userId: { in: [] } } } });
  });

  it('combines with and, or, not; ne is the negation of eq', () => {
    expect(users('userName eq "a" and (active eq true or not (name.familyName ne "b"))')).toEqual({
      AND: [
        { email: { equals: 'a', mode: 'insensitive' } },
        { OR: [{ enabled: true }, { NOT: { NOT: { lastName: { equals: 'b', mode: 'insensitive' } } } }] },
      ],
    });
  });

  it('compares dates of meta', () => {
    expect(users('meta.lastModified gt "2011-05-13T04:42:34Z"')).toEqual({ updatedAt: { gt: new Date('2011-05-13T04:42:34Z') } });
  });

  it('refuses unknown attributes and operators that do not fit with invalidFilter', () => {
    for (const bad of ['title eq "x"', 'active co "t"', 'active eq "true"', 'userName eq 1', 'id co "a"', 'meta.created gt "yesterday"', 'name[givenName eq "x"]', 'userName gt null']) {
      expect([bad, code(() => users(bad))]).toEqual([bad, IdentityError.SCIM_INVALID_FILTER]);
    }
  });
});
