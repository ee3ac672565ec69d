import { renderGraphQLErrors } from './envelope';

/** The facade renders the first GraphQL error of an operation in the envelope. */
describe('renderGraphQLErrors', () => {
  const render = (extensions: Record<string, unknown> | undefined, message = 'The message') =>
    renderGraphQLErrors([{ message, extensions }, { message: 'second', extensions: { code: 'DPF-API-001', status: 400 } }], 'req-1', '/api/v1/x');

  it("takes the status of a code declared in this process from the catalogue", () => {
    const rendered = render({ code: 'DPF-AUTH-007', status: 403, details: { need: 'ADMIN' } });
    expect(rendered.status).toBe(403);
    expect(rendered.body.error).toMatchObject({ code: 'DPF-AUTH-007', message: 'The message', details: { need: 'ADMIN' }, requestId: 'req-1', path: '/api/v1/x' });
  });

  it('falls back on extensions.status for a well-formed code declared by a service in another process', () => {
    const rendered = render({ code: 'DPF-ZZZ-003', status: 404 });
    expect(rendered.status).toBe(404);
    expect(rendered.body.error).toMatchObject({ code: 'DPF-ZZZ-003', message: 'The message' });
  });

  it.each([
    ['no code', { status: 404 }],
    ['a code that is not a catalogue code', { code: 'INTERNAL_SERVER_ERROR', status: 404 }],
    ['an unknown code without status', { code: 'DPF-ZZZ-003' }],
    ['no extensions', undefined],
  ])('answers 500 DPF-API-010 with the default message for %s', (_, extensions) => {
    const rendered = render(extensions, 'secret detail');
    expect(rendered.status).toBe(500);
    expect(rendered.body.error).toMatchObject({ code: 'DPF-API-010', message: 'Internal server error' });
  });
});
