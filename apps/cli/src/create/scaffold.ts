import { apache2 } from './licenses/apache-2.0.ts';
import { bsd3 } from './licenses/bsd-3-clause.ts';
import { mit } from './licenses/mit.ts';
import {
  gitignore,
  indexTs,
  packageJson,
  readme,
  serverJson,
  spokeJson,
  testTs,
  tsconfigJson,
  type ProjectSpec,
} from './project-files.ts';
import { basic } from './template-basic.ts';
import { resource } from './template-resource.ts';
import { tool } from './template-tool.ts';

export const TEMPLATES = { basic, tool, resource };

const FULL_TEXTS: Record<string, (copyright: string) => string> = {
  MIT: mit,
  'Apache-2.0': apache2,
  'BSD-3-Clause': bsd3,
};

/**
 * LICENSE: the full text for the licenses shipped with spoke; for any other SPDX identifier, a
 * notice naming it and where its text is; nothing for UNLICENSED.
 */
export function licenseText(license: string, year: number, author: string): string | null {
  if (license === 'UNLICENSED') return null;
  const full = FULL_TEXTS[license];
  if (full) return full(`${year} ${author}`);
  return `Copyright (c) ${year} ${author}

SPDX-License-Identifier: ${license}

This project is licensed under ${license}. The full text of the license is at
https://spdx.org/licenses/${license}.html
`;
}

/** Every file of a new project, by path relative to the project directory, in display order. */
export function projectFiles(spec: ProjectSpec, author: string): [string, string][] {
  const template = TEMPLATES[spec.template];
  const license = licenseText(spec.license, spec.now.getUTCFullYear(), author);
  const files: Record<string, string> = {
    '.gitignore': gitignore(),
    ...(license ? { LICENSE: license } : {}),
    'README.md': readme(spec, template),
    'package.json': packageJson(spec, template),
    'server.json': serverJson(spec, template),
    'spoke.json': spokeJson(spec),
    'tsconfig.json': tsconfigJson(),
    ...template.files,
    'src/index.ts': indexTs(spec.name),
    'src/server.ts': template.server(spec.name),
    'test/server.test.ts': testTs(template),
  };
  const depth = (p: string) => (p.includes('/') ? 1 : 0);
  return Object.entries(files).sort(
    ([a], [b]) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
}
