import { MSG } from '@backhaul/shared';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './api-errors';

describe('API error mapping (000 §8)', () => {
  it('401: logs out and alerts "You are not authorized"', () => {
    expect(describeFailure(401, { message: 'anything' })).toEqual({
      alert: MSG.notAuthorized,
      logout: true,
      fieldErrors: {},
    });
  });
  it('404 and 412: alert the response error.mail', () => {
    expect(describeFailure(412, { error: { mail: 'This password reset link is invalid or has expired.' } }).alert).toBe(
      'This password reset link is invalid or has expired.',
    );
    expect(describeFailure(404, { error: { mail: 'The record was not found.' } }).alert).toBe(
      'The record was not found.',
    );
    expect(describeFailure(404, { error: { mail: 'x' } }).logout).toBe(false);
  });
  it('422: one alert, one message per line, and the messages per field', () => {
    const effect = describeFailure(422, {
      message: 'The given data was invalid.',
      errors: {
        password: ['The password must be at least 8 characters.'],
        email: ['The email field is required.', 'Second.'],
      },
    });
    expect(effect.alert).toBe('The password must be at least 8 characters.\nThe email field is required.\nSecond.');
    expect(effect.fieldErrors).toEqual({
      password: ['The password must be at least 8 characters.'],
      email: ['The email field is required.', 'Second.'],
    });
    expect(describeFailure(422, { message: 'Only a message' }).alert).toBe('Only a message');
  });
  it('500 and network failures: "Whoops, something went wrong! 🙁"', () => {
    expect(describeFailure(500, { message: 'Internal' }).alert).toBe('Whoops, something went wrong! 🙁');
    expect(describeFailure(503, null).alert).toBe(MSG.whoops);
    expect(describeFailure(0, null).alert).toBe(MSG.whoops);
  });
  it('other statuses show the server message (403, 429)', () => {
    expect(describeFailure(403, { message: 'You do not have permission to do this.' }).alert).toBe(
      'You do not have permission to do this.',
    );
    expect(describeFailure(429, { message: 'Too many failed sign-in attempts.' }).alert).toBe(
      'Too many failed sign-in attempts.',
    );
  });
});
