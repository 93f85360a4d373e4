import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  LoginRequestSchema,
  RegisterRequestSchema,
  RegisterStep1Schema,
  RegisterStep2Schema,
  RegisterStep3Schema,
  UserSchema,
  passwordStrength,
} from './account.ts';

function fieldErrors(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

const validForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  role: 'developer',
  teamSize: 'just-me',
  useCase: 'automation',
  agreeToTerms: true,
  subscribeNewsletter: true,
};

describe('registration step 1', () => {
  it('requires every field with the spec messages', () => {
    expect(
      fieldErrors(RegisterStep1Schema, { firstName: '', lastName: ' ', email: '', username: '' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      username: 'Username is required',
    });
  });

  it.each(['plain', 'a@b', 'a b@c.d', '@b.c', 'a@.'])('rejects the e-mail %j', (email) => {
    expect(fieldErrors(RegisterStep1Schema, { ...validForm, email }).email).toBe(
      'Please enter a valid email address',
    );
  });

  it('needs a username of at least 3 characters', () => {
    expect(fieldErrors(RegisterStep1Schema, { ...validForm, username: 'ab' }).username).toBe(
      'Username must be at least 3 characters',
    );
    expect(fieldErrors(RegisterStep1Schema, { ...validForm, username: 'abc' })).toEqual({});
  });
});

describe('registration step 2', () => {
  it('requires a password of at least 8 characters', () => {
    expect(fieldErrors(RegisterStep2Schema, { password: '', confirmPassword: '' })).toEqual({
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(
      fieldErrors(RegisterStep2Schema, { password: '1234567', confirmPassword: '1234567' }),
    ).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('needs the confirmation to match', () => {
    expect(
      fieldErrors(RegisterStep2Schema, { password: '12345678', confirmPassword: '12345679' }),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('registration step 3', () => {
  it('requires every choice with the spec messages', () => {
    expect(
      fieldErrors(RegisterStep3Schema, {
        role: '',
        teamSize: '',
        useCase: '',
        agreeToTerms: false,
        subscribeNewsletter: true,
      }),
    ).toEqual({
      role: 'Please select your role',
      teamSize: 'Please select team size',
      useCase: 'Please select primary use case',
      agreeToTerms: 'You must agree to the terms',
    });
  });

  it('defaults the newsletter to on', () => {
    const parsed = RegisterStep3Schema.parse({
      role: 'devops',
      teamSize: '200+',
      useCase: 'research',
      agreeToTerms: true,
    });
    expect(parsed.subscribeNewsletter).toBe(true);
  });
});

describe('whole registration form', () => {
  it('accepts a valid form', () => {
    expect(RegisterRequestSchema.safeParse(validForm).success).toBe(true);
  });
  it('reports mismatched passwords on the whole form too', () => {
    expect(
      fieldErrors(RegisterRequestSchema, { ...validForm, confirmPassword: 'other one' }),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('login schema', () => {
  it('uses the spec messages', () => {
    expect(fieldErrors(LoginRequestSchema, { email: 'nope', password: '' })).toEqual({
      email: 'A valid email is required.',
      password: 'Password is required.',
    });
  });
});

describe('user shape', () => {
  it('is exactly the six fields', () => {
    const user = {
      id: '4f1e6c5e-8d7a-4b7e-9c59-1f0a7d3c2b10',
      email: 'a@b.co',
      username: 'abc',
      display_name: null,
      email_verified: false,
      is_admin: false,
    };
    expect(UserSchema.parse({ ...user, extra: 1 })).toEqual(user);
    expect(UserSchema.safeParse({ ...user, id: 'not-a-uuid' }).success).toBe(false);
  });
});

describe('password strength', () => {
  it.each([
    ['', 'Enter a password', 0],
    ['a', 'Weak', 0],
    ['abc', 'Weak', 1],
    ['abcd', 'Fair', 2],
    ['abcde', 'Fair', 2],
    ['abcdef', 'Good', 3],
    ['abcdefg', 'Good', 3],
    ['abcdefgh', 'Strong', 4],
    ['abcdefghijkl', 'Strong', 4],
  ])('%j is %s with %i bars', (password, label, bars) => {
    expect(passwordStrength(password)).toEqual({ label, bars });
  });
});

describe('password confirmation alongside other errors', () => {
  it('reports a mismatch even when the password itself is too short', () => {
    expect(
      fieldErrors(RegisterStep2Schema, { password: 'short', confirmPassword: 'other' }),
    ).toEqual({
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });
});
