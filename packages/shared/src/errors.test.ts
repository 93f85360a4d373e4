import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_MESSAGES, LOGIN_FAILED_MESSAGE, messageForStatus } from './errors.ts';

describe('error catalogue', () => {
  it.each([
    [400, 'Invalid request. Please check your input and try again.'],
    [401, 'Invalid credentials. Please check your email and password.'],
    [403, "Access denied. You don't have permission to perform this action."],
    [404, 'The requested resource was not found.'],
    [409, 'This information is already in use. Please try different details.'],
    [422, 'Validation failed. Please check your input and try again.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later.'],
    [502, 'Service temporarily unavailable. Please try again later.'],
    [503, 'Service temporarily unavailable. Please try again later.'],
    [504, 'Service temporarily unavailable. Please try again later.'],
  ])('maps %i to its catalogue message', (status, message) => {
    expect(messageForStatus(status)).toBe(message);
  });

  it.each([402, 418, 501, 599])('falls back to the generic message for %i', (status) => {
    expect(messageForStatus(status)).toBe(`An error occurred (${status}). Please try again.`);
  });

  it('keeps the client-side messages word for word', () => {
    expect(CLIENT_ERROR_MESSAGES).toEqual({
      CONNECTION_ERROR:
        'Unable to connect to server. Please check your internet connection and try again.',
      INVALID_RESPONSE: 'Server returned invalid response. Please try again.',
      UNKNOWN_ERROR: 'An unexpected error occurred. Please try again.',
    });
    expect(LOGIN_FAILED_MESSAGE).toBe('Login failed. Please check your credentials.');
  });
});
