import { describe, expect, it } from 'vitest';
import { errorKeyOf } from '../../machines/shared/error-key.ts';
import { ApiError, isApiError } from '../../src/api/api-error.ts';
import { errorKeyFromBody, isNoRouteAnswer } from '../../src/api/error-body.ts';

describe('ApiError', () => {
  it('is an Error whose key machines read through errorKeyOf', () => {
    const error = new ApiError({ kind: 'http', status: 409, key: 'server.sameEmailUserExists' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(isApiError(error)).toBe(true);
    expect(errorKeyOf(error)).toBe('server.sameEmailUserExists');
  });

  it('isApiError is false for anything else', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ kind: 'http', key: 'errors.unknown' })).toBe(false);
    expect(isApiError(undefined)).toBe(false);
  });

  it.each([
    [{ statusCode: 400, message: { message: 'server.incorrectOtp' } }, 'server.incorrectOtp'],
    [{ message: { message: '' } }, 'errors.unknown'],
    [{ message: { message: 42 } }, 'errors.unknown'],
    [{ message: 'server.incorrectOtp' }, 'errors.unknown'],
    ['Internal Server Error', 'errors.unknown'],
    [undefined, 'errors.unknown'],
    [null, 'errors.unknown'],
  ])('the key of the body %j is %s', (body, key) => {
    expect(errorKeyFromBody(body)).toBe(key);
  });
});

describe('isNoRouteAnswer: a framework’s own answer for a path no route serves', () => {
  it.each([
    [{ statusCode: 404, message: 'Cannot GET /api/club/memberships', error: 'Not Found' }, true],
    ['{"statusCode":404,"message":"Cannot POST /api/client/auth/refresh-token"}', true],
    [{ statusCode: 404, message: 'Membership not found', error: 'Not Found' }, false],
    [{ statusCode: 404, message: { message: 'server.membershipNotExist' } }, false],
    ['Cannot GET /api/club/memberships', false],
    [null, false],
  ])('%j: %s', (body, noRoute) => {
    expect(isNoRouteAnswer(body)).toBe(noRoute);
  });
});
