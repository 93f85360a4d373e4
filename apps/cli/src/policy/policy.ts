import { invalidFileError } from '../config/issues.ts';
import { readJsonFile } from '../config/json-file.ts';
import { globalSchemas } from '../config/lazy-schemas.ts';
import { managedPolicyPath } from '../config/paths.ts';
import { licenseAllowed, parseLicenseExpression } from './spdx-expression.ts';
import { OPEN_POLICY, stricterSandbox, trustRank, type Policy, type TrustLevel } from './types.ts';

export type ManagedPolicy = { path: string; policy: Policy };

/**
 * The administrator's policy file, or null when there is none. An invalid file stops the
 * command: a broken policy must fail closed, not open.
 */
export function loadManagedPolicy(file = managedPolicyPath()): ManagedPolicy | null {
  const read = readJsonFile(file, 'ask your administrator to fix the managed policy file');
  if (!read.exists) return null;
  const parsed = globalSchemas().ManagedPolicySchema.safeParse(read.data);
  if (!parsed.success) {
    throw invalidFileError(
      file,
      read.data,
      parsed.error.issues,
      () => 'ask your administrator to fix the managed policy file',
    );
  }
  return { path: file, policy: { ...OPEN_POLICY, ...parsed.data } };
}

function intersect(a: string[] | null, b: string[] | null): string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  const lower = new Set(a.map((x) => x.toLowerCase()));
  return b.filter((x) => lower.has(x.toLowerCase()));
}

/** The stricter of the two, rule by rule. */
export function combinePolicies(user: Policy, managed: Policy | null): Policy {
  if (!managed) return user;
  return {
    allowedLicenses: intersect(user.allowedLicenses, managed.allowedLicenses),
    minTrustLevel:
      trustRank(managed.minTrustLevel) > trustRank(user.minTrustLevel)
        ? managed.minTrustLevel
        : user.minTrustLevel,
    allowedRegistries: intersect(user.allowedRegistries, managed.allowedRegistries),
    sandboxBelow: stricterSandbox(user.sandboxBelow, managed.sandboxBelow),
  };
}

export type ServerFacts = { license: string | null; trustLevel: TrustLevel; registry: string };

const listed = (items: readonly string[]) => items.join(', ') || 'nothing';

/** Why the policy refuses a server; empty when it is allowed. */
export function policyRefusals(policy: Policy, facts: ServerFacts): string[] {
  const reasons: string[] = [];
  const licenses = policy.allowedLicenses;
  if (licenses) {
    const allowed = `allowed-licenses (${listed(licenses)})`;
    if (!facts.license) {
      reasons.push(`the license is unknown, so it cannot match ${allowed}`);
    } else {
      const expression = parseLicenseExpression(facts.license);
      if (!expression) {
        reasons.push(
          `license "${facts.license}" is not an SPDX identifier, so it cannot match ${allowed}`,
        );
      } else if (!licenseAllowed(expression, licenses)) {
        reasons.push(`license ${facts.license} is not in ${allowed}`);
      }
    }
  }
  if (trustRank(facts.trustLevel) < trustRank(policy.minTrustLevel)) {
    reasons.push(`trust ${facts.trustLevel} is below min-trust ${policy.minTrustLevel}`);
  }
  const registries = policy.allowedRegistries;
  if (registries && !registries.includes(facts.registry)) {
    reasons.push(`registry ${facts.registry} is not in allowed-registries (${listed(registries)})`);
  }
  return reasons;
}

/** What to do about a refusal, naming the first rule that refuses and the value that allows it. */
export function policyHint(policy: Policy, facts: ServerFacts): string {
  const [first] = policyRefusals(policy, facts);
  if (first?.startsWith('trust ')) {
    return (
      'ask for the server to be reviewed, install it from a registry you trust more, or change ' +
      `the policy with: spoke policy set min-trust ${facts.trustLevel}`
    );
  }
  if (first?.startsWith('registry ')) {
    return 'choose an allowed registry, or change the policy with: spoke policy set allowed-registries <list>';
  }
  return 'choose another server, or change the policy with: spoke policy set allowed-licenses <list>';
}

export const registryAllowed = (policy: Policy, name: string) =>
  !policy.allowedRegistries || policy.allowedRegistries.includes(name);
