import type { Integration } from '../types.ts';
import { event, known, secret, setting } from './define.ts';

const GITHUB_TOOLSETS =
  'https://github.com/github/github-mcp-server/blob/main/docs/remote-server.md';
const githubToken = () =>
  secret(
    'GITHUB_PERSONAL_ACCESS_TOKEN',
    'Personal access token with access to the repositories the agent works on.',
  );

/** CI/CD, infrastructure as code, deployment and secrets. */
export const DELIVERY_INTEGRATIONS: readonly Integration[] = [
  {
    id: 'github-actions',
    name: 'GitHub Actions',
    category: 'DevOps',
    description:
      "GitHub Actions workflows, runs, jobs and logs through GitHub's hosted actions toolset.",
    keywords: ['github actions', 'github workflow', 'gha'],
    aliases: ['gh actions', 'github action'],
    provider: {
      kind: 'remote',
      url: 'https://api.githubcopilot.com/mcp/x/actions',
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer {GITHUB_PERSONAL_ACCESS_TOKEN}' },
    },
    source: GITHUB_TOOLSETS,
    registryName: 'dev.spoke.catalog/github-actions',
    env: [githubToken()],
    events: [
      event('workflow_run.completed', 'Workflow run completed', [
        'github actions run finishes',
        'github actions build fails',
        'workflow run completes',
      ]),
    ],
    tools: [],
  },
  {
    id: 'argocd',
    name: 'Argo CD',
    category: 'DevOps',
    description: 'Argo CD applications: sync status, health, resources, logs and syncs.',
    keywords: ['argo cd', 'argocd', 'argo cd application'],
    aliases: ['argocd', 'argo-cd'],
    provider: { kind: 'npm', package: 'argocd-mcp', args: ['stdio'] },
    registryName: 'io.github.argoproj-labs/argocd-mcp',
    env: [
      setting('ARGOCD_BASE_URL', 'Address of the Argo CD server.'),
      secret('ARGOCD_API_TOKEN', 'Argo CD API token.'),
      setting('MCP_READ_ONLY', 'Set to true to drop every tool that changes applications.', false),
    ],
    events: [
      event('app.sync_failed', 'Sync failed', ['argo cd sync fails', 'argocd app is degraded']),
    ],
    tools: [],
  },
  {
    id: 'opentofu',
    name: 'OpenTofu',
    category: 'DevOps',
    description: 'Search the OpenTofu Registry for providers, modules and their documentation.',
    keywords: ['opentofu', 'open tofu', 'tofu registry'],
    aliases: ['open tofu', 'opentofu registry'],
    provider: { kind: 'npm', package: '@opentofu/opentofu-mcp-server' },
    registryName: 'io.github.opentofu/opentofu-mcp-server',
    env: [],
    events: [],
    tools: [],
  },
  {
    id: 'doppler',
    name: 'Doppler',
    category: 'DevOps',
    description: 'Doppler projects, configs and secrets through the Doppler API.',
    keywords: ['doppler', 'doppler secrets'],
    aliases: ['doppler.com', 'dopplerhq'],
    provider: { kind: 'npm', package: '@dopplerhq/mcp-server' },
    registryName: 'io.github.dopplerhq/mcp-server',
    env: [secret('DOPPLER_TOKEN', 'Doppler service or personal token.')],
    events: [],
    tools: [],
  },
  {
    id: 'infisical',
    name: 'Infisical',
    category: 'DevOps',
    description: 'Infisical secrets, projects and environments.',
    keywords: ['infisical', 'infisical secrets'],
    aliases: ['infisical.com'],
    provider: { kind: 'npm', package: '@infisical/mcp' },
    registryName: 'io.github.infisical/infisical-mcp-server',
    env: [
      setting(
        'INFISICAL_UNIVERSAL_AUTH_CLIENT_ID',
        'Client ID of a machine identity (universal auth).',
      ),
      secret('INFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET', 'Client secret of that machine identity.'),
      setting(
        'INFISICAL_HOST_URL',
        'Address of a self-hosted Infisical; defaults to Infisical Cloud.',
        false,
      ),
    ],
    events: [],
    tools: [],
  },
  known({
    id: 'terraform',
    name: 'Terraform',
    category: 'DevOps',
    description: 'HashiCorp Terraform runs, workspaces, state and registry modules.',
    website: 'https://developer.hashicorp.com/terraform',
    keywords: ['terraform', 'terraform cloud', 'hcp terraform', 'terraform plan'],
    aliases: ['hashicorp terraform', 'tf cloud', 'terraform cloud'],
    events: [
      event('run.completed', 'Run completed', [
        'terraform run finishes',
        'terraform apply completes',
      ]),
    ],
  }),
  known({
    id: 'pulumi',
    name: 'Pulumi',
    category: 'DevOps',
    description: 'Pulumi stacks, deployments and infrastructure resources.',
    website: 'https://www.pulumi.com',
    keywords: ['pulumi', 'pulumi stack'],
    aliases: ['pulumi cloud', 'pulumi.com'],
  }),
  known({
    id: 'ansible',
    name: 'Ansible',
    category: 'DevOps',
    description: 'Red Hat Ansible playbooks, inventories and Automation Platform jobs.',
    website: 'https://www.ansible.com',
    keywords: ['ansible', 'ansible playbook', 'ansible tower', 'awx'],
    aliases: ['ansible automation platform', 'ansible tower', 'awx'],
  }),
  known({
    id: 'jenkins',
    name: 'Jenkins',
    category: 'DevOps',
    description: 'Jenkins jobs, builds, pipelines and console logs.',
    website: 'https://www.jenkins.io',
    keywords: ['jenkins', 'jenkins job', 'jenkins build', 'jenkinsfile'],
    aliases: ['jenkins ci', 'jenkins.io'],
    events: [
      event('build.completed', 'Build completed', [
        'jenkins build finishes',
        'jenkins build fails',
      ]),
    ],
  }),
  known({
    id: 'travis-ci',
    name: 'Travis CI',
    category: 'DevOps',
    description: 'Travis CI builds, jobs and logs.',
    website: 'https://www.travis-ci.com',
    keywords: ['travis ci', 'travis-ci', 'travis build'],
    aliases: ['travis', 'travis-ci.com', 'travisci'],
  }),
  known({
    id: 'buildkite',
    name: 'Buildkite',
    category: 'DevOps',
    description: 'Buildkite pipelines, builds, jobs and agents.',
    website: 'https://buildkite.com',
    keywords: ['buildkite', 'buildkite pipeline', 'buildkite build'],
    aliases: ['build kite', 'buildkite.com'],
    events: [
      event('build.finished', 'Build finished', [
        'buildkite build finishes',
        'buildkite build fails',
      ]),
    ],
  }),
  known({
    id: 'vault',
    name: 'HashiCorp Vault',
    category: 'DevOps',
    description: 'HashiCorp Vault secrets engines, policies and leases.',
    website: 'https://developer.hashicorp.com/vault',
    keywords: ['hashicorp vault', 'vault secrets'],
    aliases: ['hashicorp vault', 'hcp vault'],
  }),
];
