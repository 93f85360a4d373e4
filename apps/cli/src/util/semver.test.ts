import { describe, expect, it } from 'vitest';
import { compareVersionsDesc } from './semver.ts';

describe('compareVersionsDesc', () => {
  it('orders by semver precedence, newest first, and puts what is not semver last', () => {
    const versions = [
      '1.9.0',
      'latest-build',
      '1.10.0',
      '1.10.0-rc.2',
      '1.10.0-rc.10',
      '1.10.0-alpha',
      'v2.0.0',
      '1.10.0+build.5',
      'nightly',
    ];
    expect([...versions].sort(compareVersionsDesc)).toEqual([
      'v2.0.0',
      '1.10.0',
      '1.10.0+build.5',
      '1.10.0-rc.10',
      '1.10.0-rc.2',
      '1.10.0-alpha',
      '1.9.0',
      'nightly',
      'latest-build',
    ]);
  });
});
