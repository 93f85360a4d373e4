// zod/mini: the same schemas on both sides, at a fraction of the browser bundle.
import * as z from 'zod/mini';

/** The user as every API answer shows it. */
export const UserSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  username: z.string(),
  display_name: z.nullable(z.string()),
  /** Whether the owner proved the address (the mailed link, or Google's verified claim). */
  email_verified: z.boolean(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResultSchema = z.object({
  user: UserSchema,
  token: z.string().check(z.minLength(1)),
});
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const MeResultSchema = z.object({ user: UserSchema });
export type MeResult = z.infer<typeof MeResultSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

// The spec's "simple {email} shape": something@something.something, no spaces.
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: 'Email is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.maxLength(EMAIL_MAX_LENGTH, 'Email is too long'),
    z.regex(SIMPLE_EMAIL, 'Please enter a valid email address'),
  );

export const usernameField = z
  .string({ error: 'Username is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Username is required'),
    z.minLength(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`),
    z.maxLength(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Username can only contain letters, numbers, - and _'),
  );

export const passwordField = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`),
    );

export const ROLES = [
  'developer',
  'designer',
  'product-manager',
  'data-scientist',
  'devops',
  'other',
] as const;
export const TEAM_SIZES = ['just-me', '2-10', '11-50', '51-200', '200+'] as const;
export const USE_CASES = [
  'ai-development',
  'automation',
  'data-analysis',
  'research',
  'education',
  'other',
] as const;
export type Role = (typeof ROLES)[number];
export type TeamSize = (typeof TEAM_SIZES)[number];
export type UseCase = (typeof USE_CASES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  developer: 'Developer',
  designer: 'Designer',
  'product-manager': 'Product Manager',
  'data-scientist': 'Data Scientist',
  devops: 'DevOps Engineer',
  other: 'Other',
};
export const TEAM_SIZE_LABELS: Record<TeamSize, string> = {
  'just-me': 'Just me',
  '2-10': '2-10 people',
  '11-50': '11-50 people',
  '51-200': '51-200 people',
  '200+': '200+ people',
};
export const USE_CASE_LABELS: Record<UseCase, string> = {
  'ai-development': 'AI Development',
  automation: 'Automation',
  'data-analysis': 'Data Analysis',
  research: 'Research',
  education: 'Education',
  other: 'Other',
};

export const RegisterStep1Schema = z.object({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: emailField,
  username: usernameField,
});

const step2Shape = {
  password: passwordField,
  confirmPassword: z
    .string({ error: 'Please confirm your password' })
    .check(z.minLength(1, 'Please confirm your password')),
};

// Runs even when other fields failed, so a mismatch shows together with the other messages.
const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (v) => !v.confirmPassword || v.password === v.confirmPassword,
  {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
    },
  },
);

export const RegisterStep2Schema = z.object(step2Shape).check(passwordsMatch);

export const RegisterStep3Schema = z.object({
  role: z.enum(ROLES, { error: 'Please select your role' }),
  teamSize: z.enum(TEAM_SIZES, { error: 'Please select team size' }),
  useCase: z.enum(USE_CASES, { error: 'Please select primary use case' }),
  agreeToTerms: z.literal(true, { error: 'You must agree to the terms' }),
  subscribeNewsletter: z._default(z.boolean(), true),
});

/**
 * The whole registration form, as `POST /api/account/register` takes it. `remember` asks for a
 * "Remember me" session; without it the session is a short one.
 */
export const RegisterRequestSchema = z
  .object({
    ...RegisterStep1Schema.shape,
    ...step2Shape,
    ...RegisterStep3Schema.shape,
    remember: z.optional(z.boolean()),
  })
  .check(passwordsMatch);
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** Login form rules: e-mail and password required, e-mail of e-mail type. */
export const LoginRequestSchema = z.object({
  email: z.string().check(z.trim(), z.email('A valid email is required.')),
  password: z
    .string()
    .check(z.minLength(1, 'Password is required.'), z.maxLength(PASSWORD_MAX_LENGTH)),
  remember: z.optional(z.boolean()),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const UpdateProfileSchema = z
  .object({
    display_name: z.optional(
      z.nullable(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`),
          ),
      ),
    ),
    username: z.optional(usernameField),
  })
  .check(
    z.refine((v) => v.display_name !== undefined || v.username !== undefined, {
      message: 'Nothing to update',
    }),
  );
export type UpdateProfile = z.input<typeof UpdateProfileSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, 'Current password is required')),
  newPassword: passwordField,
});
export type ChangePassword = z.input<typeof ChangePasswordSchema>;

export const ForgotPasswordSchema = z.object({ email: emailField });
export const ResetPasswordSchema = z.object({
  token: z.string().check(z.minLength(1, 'Reset token is required'), z.maxLength(200)),
  password: passwordField,
});
export const VerifyEmailSchema = z.object({
  token: z.string().check(z.minLength(1, 'Verification token is required'), z.maxLength(200)),
});
export const GoogleExchangeSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(200)),
});
/** The ways to sign in besides e-mail and password that this platform offers. */
export const SignInMethodsSchema = z.object({ google: z.boolean() });
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;

export const SessionInfoSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  ip_address: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });

export const OkSchema = z.object({ ok: z.literal(true) });

/** Strength label and filled bars (of four, one per 2 characters) for a password. */
export function passwordStrength(password: string): {
  label: 'Enter a password' | 'Weak' | 'Fair' | 'Good' | 'Strong';
  bars: number;
} {
  const n = password.length;
  const bars = Math.min(4, Math.floor(n / 2));
  if (n === 0) return { label: 'Enter a password', bars };
  if (n < 4) return { label: 'Weak', bars };
  if (n < 6) return { label: 'Fair', bars };
  if (n < 8) return { label: 'Good', bars };
  return { label: 'Strong', bars };
}
