import { matchRedirectUri, redirectUriProblem, withParams } from './redirect-uri';

describe('registered redirect URIs', () => {
  it('accept https and loopback http', () => {
    for (const uri of ['https://app.example/cb', 'https://app.example/cb?x=1', 'http://127.0.0.1/cb', 'http://[::1]:8080/cb', 'http://localhost:3000/cb']) {
      expect(redirectUriProblem(uri)).toBeNull();
    }
  });

  it('refuse relative URIs, fragments, other schemes and plain http elsewhere', () => {
    expect(redirectUriProblem('/cb')).toMatch(/absolute/);
    expect(redirectUriProblem('https://app.example/cb#x')).toMatch(/fragment/);
    expect(redirectUriProblem('https://app.example/cb#')).toMatch(/fragment/);
    expect(redirectUriProblem('http://app.example/cb')).toMatch(/https/);
    expect(redirectUriProblem('javascript:alert(1)')).toMatch(/https/);
    expect(redirectUriProblem('https://user:pw@app.example/cb')).toMatch(/user information/);
  });
});

describe('matching a requested redirect URI', () => {
  const registered = ['https://app.example/cb', 'http://127.0.0.1/cb'];

  it('is an exact string match', () => {
    expect(matchRedirectUri('https://app.example/cb', registered)).toBe('https://app.example/cb');
    expect(matchRedirectUri('https://app.example/cb/', registered)).toBeNull();
    expect(matchRedirectUri('https://app.example/cb?x=1', registered)).toBeNull();
    expect(matchRedirectUri('https://APP.example/cb', registered)).toBeNull();
    expect(matchRedirectUri('https://app.example:443/cb', registered)).toBeNull();
  });

  it('lets only the port of a loopback http URI vary (RFC 8252 7.3)', () => {
    expect(matchRedirectUri('http://127.0.0.1:51234/cb', registered)).toBe('http://127.0.0.1:51234/cb');
    expect(matchRedirectUri('http://127.0.0.1:51234/other', registered)).toBeNull();
    expect(matchRedirectUri('https://app.example:8443/cb', registered)).toBeNull();
    expect(matchRedirectUri('not a uri', registered)).toBeNull();
  });
});

describe('the response redirect', () => {
  it('keeps the registered query and adds code, state and iss', () => {
    const url = new URL(withParams('https://app.example/cb?tab=1', { code: 'c', state: 'a b&c', iss: 'https://as.example', error: undefined }));
    expect(url.searchParams.get('tab')).toBe('1');
    expect(url.searchParams.get('state')).toBe('a b&c');
    expect(url.searchParams.get('error')).toBeNull();
    expect(url.searchParams.get('iss')).toBe('https://as.example');
  });
});
