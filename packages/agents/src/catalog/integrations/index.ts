import type { Integration } from '../types.ts';
import { ACCOUNTING_INTEGRATIONS } from './accounting.ts';
import { AI_INTEGRATIONS } from './ai.ts';
import { ANALYTICS_INTEGRATIONS } from './analytics.ts';
import { BUILTIN_INTEGRATIONS } from './builtin.ts';
import { CLOUD_INTEGRATIONS } from './cloud.ts';
import { CMS_INTEGRATIONS } from './cms.ts';
import { CODE_QUALITY_INTEGRATIONS } from './code-quality.ts';
import { CODE_INTEGRATIONS } from './code.ts';
import { COMMERCE_INTEGRATIONS } from './commerce.ts';
import { COMMUNICATION_INTEGRATIONS } from './communication.ts';
import { CONTENT_INTEGRATIONS } from './content.ts';
import { CRM_INTEGRATIONS } from './crm.ts';
import { DATA_INTEGRATIONS } from './data.ts';
import { DELIVERY_INTEGRATIONS } from './delivery.ts';
import { DEVOPS_INTEGRATIONS } from './devops.ts';
import { FINANCE_INTEGRATIONS } from './finance.ts';
import { FORM_INTEGRATIONS } from './forms.ts';
import { HELPDESK_INTEGRATIONS } from './helpdesk.ts';
import { MARKETING_INTEGRATIONS } from './marketing.ts';
import { MESSAGING_INTEGRATIONS } from './messaging.ts';
import { NOTES_INTEGRATIONS } from './notes.ts';
import { OBSERVABILITY_INTEGRATIONS } from './observability.ts';
import { PEOPLE_INTEGRATIONS } from './people.ts';
import { PRODUCT_ANALYTICS_INTEGRATIONS } from './product-analytics.ts';
import { PRODUCTIVITY_INTEGRATIONS } from './productivity.ts';
import { SALES_INTEGRATIONS } from './sales.ts';
import { SOCIAL_INTEGRATIONS } from './social.ts';
import { SUPPORT_INTEGRATIONS } from './support.ts';
import { UTILITY_INTEGRATIONS } from './utilities.ts';
import { WAREHOUSE_INTEGRATIONS } from './warehouses.ts';
import { WEB_INTEGRATIONS } from './web.ts';
import { WORK_INTEGRATIONS } from './work.ts';

/** Every integration, in file order; `catalog/index.ts` exposes them sorted by id. */
export const ALL_INTEGRATIONS: readonly Integration[] = [
  ...BUILTIN_INTEGRATIONS,
  ...COMMUNICATION_INTEGRATIONS,
  ...MESSAGING_INTEGRATIONS,
  ...MARKETING_INTEGRATIONS,
  ...CODE_INTEGRATIONS,
  ...CODE_QUALITY_INTEGRATIONS,
  ...DEVOPS_INTEGRATIONS,
  ...CLOUD_INTEGRATIONS,
  ...DELIVERY_INTEGRATIONS,
  ...OBSERVABILITY_INTEGRATIONS,
  ...SUPPORT_INTEGRATIONS,
  ...HELPDESK_INTEGRATIONS,
  ...SALES_INTEGRATIONS,
  ...CRM_INTEGRATIONS,
  ...COMMERCE_INTEGRATIONS,
  ...CONTENT_INTEGRATIONS,
  ...CMS_INTEGRATIONS,
  ...SOCIAL_INTEGRATIONS,
  ...ANALYTICS_INTEGRATIONS,
  ...PRODUCT_ANALYTICS_INTEGRATIONS,
  ...PRODUCTIVITY_INTEGRATIONS,
  ...WORK_INTEGRATIONS,
  ...NOTES_INTEGRATIONS,
  ...FORM_INTEGRATIONS,
  ...PEOPLE_INTEGRATIONS,
  ...DATA_INTEGRATIONS,
  ...WAREHOUSE_INTEGRATIONS,
  ...FINANCE_INTEGRATIONS,
  ...ACCOUNTING_INTEGRATIONS,
  ...UTILITY_INTEGRATIONS,
  ...AI_INTEGRATIONS,
  ...WEB_INTEGRATIONS,
];
