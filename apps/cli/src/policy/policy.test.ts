import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.ts';
import { combinePolicies, loadManagedPolicy, policyHint, policyRefusals } from './policy.ts';
import { parseRuleValue } from './rule-values.ts';
import { licenseAllowed, parseLicenseExpression } from './spdx-expression.ts';
import { canonicalLicense, suggestLicense } from './spdx.ts';
import { OPEN_POLICY, type Policy } from './types.ts';

const allowed = (expr: string, list: string[]) => {
  const parsed = parseLicenseExpression(expr);
  return parsed !== null && licenseAllowed(parsed, list);
};

describe('SPDX identifiers', () => {
  it('normalises case and knows deprecated identifiers', () => {
    expect(canonicalLicense('mit')).toBe('MIT');
    expect(canonicalLicense('apache-2.0')).toBe('Apache-2.0');
    expect(canonicalLicense('GPL-3.0')).toBe('GPL-3.0');
    expect(canonicalLicense('LicenseRef-acme')).toBe('LicenseRef-acme');
    expect(canonicalLicense('Apache2')).toBeNull();
  });

  it('suggests the identifier that was meant', () => {
    expect(suggestLicense('Apache2')).toBe('Apache-2.0');
    expect(suggestLicense('BSD3')).toBe('BSD-3-Clause');
    expect(suggestLicense('GPL3')).toBe('GPL-3.0-only');
  });

  it('normalises a policy value and refuses an empty item', () => {
    expect(parseRuleValue('allowed-licenses', 'mit, apache-2.0')).toEqual({
      value: ['MIT', 'Apache-2.0'],
    });
    expect(parseRuleValue('allowed-licenses', 'any')).toEqual({ value: null });
    expect(parseRuleValue('allowed-registries', 'official,')).toHaveProperty('problem');
    expect(parseRuleValue('sandbox-below', 'all')).toEqual({ value: 'all' });
    expect(parseRuleValue('sandbox-below', 'any')).toHaveProperty('problem');
  });
});

describe('license expressions', () => {
  it('allows OR when either side is allowed, AND only when both are', () => {
    expect(allowed('MIT OR Apache-2.0', ['Apache-2.0'])).toBe(true);
    expect(allowed('MIT AND BSD-3-Clause', ['MIT'])).toBe(false);
    expect(allowed('MIT AND BSD-3-Clause', ['MIT', 'BSD-3-Clause'])).toBe(true);
    expect(allowed('(MIT OR GPL-3.0-only) AND ISC', ['MIT', 'ISC'])).toBe(true);
    expect(allowed('GPL-2.0-only WITH Classpath-exception-2.0', ['GPL-2.0-only'])).toBe(true);
  });

  it('does not read pointers or unknown words as licenses', () => {
    expect(parseLicenseExpression('SEE LICENSE IN LICENSE')).toBeNull();
    expect(parseLicenseExpression('MIT OR')).toBeNull();
    expect(parseLicenseExpression('Apache 2')).toBeNull();
  });
});

describe('policy', () => {
  const strict: Policy = {
    allowedLicenses: ['MIT', 'Apache-2.0', 'BSD-3-Clause'],
    minTrustLevel: 'verified',
    allowedRegistries: ['official', 'spoke'],
    sandboxBelow: 'trusted',
  };

  it('explains every refusal', () => {
    expect(
      policyRefusals(strict, {
        license: 'GPL-3.0-only',
        trustLevel: 'unverified',
        registry: 'local',
      }),
    ).toEqual([
      'license GPL-3.0-only is not in allowed-licenses (MIT, Apache-2.0, BSD-3-Clause)',
      'trust unverified is below min-trust verified',
      'registry local is not in allowed-registries (official, spoke)',
    ]);
    expect(
      policyRefusals(strict, {
        license: 'SEE LICENSE IN LICENSE',
        trustLevel: 'trusted',
        registry: 'spoke',
      }),
    ).toEqual([
      'license "SEE LICENSE IN LICENSE" is not an SPDX identifier, so it cannot match allowed-licenses (MIT, Apache-2.0, BSD-3-Clause)',
    ]);
    expect(
      policyRefusals(strict, { license: null, trustLevel: 'trusted', registry: 'spoke' }),
    ).toHaveLength(1);
    expect(
      policyRefusals(OPEN_POLICY, { license: null, trustLevel: 'unverified', registry: 'x' }),
    ).toEqual([]);
  });

  it('says which rule to change, and to what, for the first refusal', () => {
    const facts = { license: 'MIT', trustLevel: 'unverified' as const, registry: 'spoke' };
    expect(policyHint(strict, facts)).toBe(
      'ask for the server to be reviewed, install it from a registry you trust more, or change the policy with: spoke policy set min-trust unverified',
    );
    expect(policyHint(strict, { ...facts, trustLevel: 'trusted', registry: 'local' })).toBe(
      'choose an allowed registry, or change the policy with: spoke policy set allowed-registries <list>',
    );
    expect(policyHint(strict, { ...facts, license: 'GPL-3.0-only' })).toBe(
      'choose another server, or change the policy with: spoke policy set allowed-licenses <list>',
    );
  });

  it('takes the stricter rule from a managed policy', () => {
    const managed: Policy = {
      allowedLicenses: ['MIT', 'ISC'],
      minTrustLevel: 'trusted',
      allowedRegistries: null,
      sandboxBelow: 'all',
    };
    expect(combinePolicies(strict, managed)).toEqual({
      allowedLicenses: ['MIT'],
      minTrustLevel: 'trusted',
      allowedRegistries: ['official', 'spoke'],
      sandboxBelow: 'all',
    });
    expect(combinePolicies(strict, { ...OPEN_POLICY, sandboxBelow: 'verified' }).sandboxBelow).toBe(
      'trusted',
    );
    expect(combinePolicies(OPEN_POLICY, managed)).toEqual(managed);
  });

  it('reads a managed policy file and fails closed on a broken one', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-policy-'));
    try {
      const file = path.join(dir, 'policy.json');
      expect(loadManagedPolicy(file)).toBeNull();
      writeFileSync(file, JSON.stringify({ minTrustLevel: 'verified' }));
      expect(loadManagedPolicy(file)?.policy).toEqual({
        ...OPEN_POLICY,
        minTrustLevel: 'verified',
      });
      writeFileSync(file, JSON.stringify({ minTrustLevel: 'high' }));
      expect(() => loadManagedPolicy(file)).toThrow(CliError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
