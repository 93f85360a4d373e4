import type { RegisterRequest } from './account.ts';

let counter = 0;

/** A registration that passes every rule, unique per call; for tests and benchmarks. */
export function sampleRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${id}@example.com`,
    username: `ada_${id}`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    role: 'developer',
    teamSize: 'just-me',
    useCase: 'automation',
    agreeToTerms: true,
    subscribeNewsletter: true,
    ...overrides,
  };
}
