import { ErrorCode } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import { SCIM_ERROR_SCHEMA, scimPresenter } from './scim';

const failure = (status: number, code: string, message = 'm') => scimPresenter.failure!({ status, code, message, details: null, requestId: 'r', path: '/p' });

describe('scim presenter', () => {
  it('restates failures as SCIM errors with status as a string and the scimType', () => {
    expect(failure(400, IdentityError.SCIM_INVALID_FILTER, 'bad filter')).toEqual({
      status: 400,
      headers: { 'content-type': 'application/scim+json' },
      body: { schemas: [SCIM_ERROR_SCHEMA], status: '400', scimType: 'invalidFilter', detail: 'bad filter' },
    });
    expect(failure(409, IdentityError.SCIM_UNIQUENESS).body).toMatchObject({ scimType: 'uniqueness' });
    expect(failure(400, ErrorCode.MALFORMED_JSON).body).toMatchObject({ scimType: 'invalidSyntax' });
    expect(failure(404, IdentityError.SCIM_RESOURCE_NOT_FOUND).body).toEqual({ schemas: [SCIM_ERROR_SCHEMA], status: '404', detail: 'm' });
  });

  it('adds WWW-Authenticate to a 401', () => {
    expect(failure(401, ErrorCode.AUTHENTICATION_REQUIRED).headers).toMatchObject({ 'www-authenticate': 'Bearer realm="SCIM"' });
  });

  it('sends resources as application/scim+json with ETag, and Location on 201', () => {
    const resource = { id: '1', meta: { location: 'https://x/Users/1', version: 'W/"a"' } };
    expect(scimPresenter.success!(resource, 201)).toEqual({ status: 201, body: resource, headers: { 'content-type': 'application/scim+json', etag: 'W/"a"', location: 'https://x/Users/1' } });
    expect(scimPresenter.success!(resource, 200).headers).toEqual({ 'content-type': 'application/scim+json', etag: 'W/"a"' });
    expect(scimPresenter.success!(true, 204)).toEqual({ status: 204 });
  });
});
