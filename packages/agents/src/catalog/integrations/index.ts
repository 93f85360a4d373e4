import type { Integration } from '../types.ts';
import { ANALYTICS_INTEGRATIONS } from './analytics.ts';
import { BUILTIN_INTEGRATIONS } from './builtin.ts';
import { CODE_INTEGRATIONS } from './code.ts';
import { COMMUNICATION_INTEGRATIONS } from './communication.ts';
import { CONTENT_INTEGRATIONS } from './content.ts';
import { DATA_INTEGRATIONS } from './data.ts';
import { DEVOPS_INTEGRATIONS } from './devops.ts';
import { FINANCE_INTEGRATIONS } from './finance.ts';
import { PRODUCTIVITY_INTEGRATIONS } from './productivity.ts';
import { SALES_INTEGRATIONS } from './sales.ts';
import { SUPPORT_INTEGRATIONS } from './support.ts';
import { UTILITY_INTEGRATIONS } from './utilities.ts';

/** Every integration, in file order; `catalog/index.ts` exposes them sorted by id. */
export const ALL_INTEGRATIONS: readonly Integration[] = [
  ...BUILTIN_INTEGRATIONS,
  ...COMMUNICATION_INTEGRATIONS,
  ...CODE_INTEGRATIONS,
  ...DEVOPS_INTEGRATIONS,
  ...SUPPORT_INTEGRATIONS,
  ...SALES_INTEGRATIONS,
  ...CONTENT_INTEGRATIONS,
  ...ANALYTICS_INTEGRATIONS,
  ...PRODUCTIVITY_INTEGRATIONS,
  ...DATA_INTEGRATIONS,
  ...FINANCE_INTEGRATIONS,
  ...UTILITY_INTEGRATIONS,
];
