import type { Integration } from '../types.ts';
import { event, secret, setting, tool } from './define.ts';

export const SALES_INTEGRATIONS: readonly Integration[] = [
  {
    id: 'hubspot',
    name: 'HubSpot',
    category: 'Sales & CRM',
    description: 'HubSpot CRM records, properties, associations, notes, tasks and workflows.',
    keywords: ['hubspot', 'contact', 'deal', 'company', 'sales'],
    aliases: ['hubspot crm', 'hub spot'],
    provider: { kind: 'npm', package: '@hubspot/mcp-server' },
    registryName: 'dev.spoke.catalog/hubspot',
    env: [
      secret(
        'PRIVATE_APP_ACCESS_TOKEN',
        'Access token of a HubSpot private app with the CRM scopes the agent needs.',
      ),
    ],
    events: [
      event('contact.created', 'Contact created', [
        'new contact',
        'new lead',
        'contact is created',
        'someone signs up',
      ]),
      event('deal.created', 'Deal created', ['new deal', 'deal is created']),
      event('deal.stage_changed', 'Deal stage changed', [
        'deal moves to',
        'deal stage changes',
        'deal is won',
        'deal closes',
      ]),
    ],
    tools: [
      tool('hubspot-search-objects', 'Search CRM records with filters.'),
      tool('hubspot-list-objects', 'List CRM records of an object type.'),
      tool('hubspot-batch-create-objects', 'Create several CRM records at once.'),
      tool('hubspot-batch-update-objects', 'Update several CRM records at once.'),
      tool('hubspot-list-associations', 'List the records associated with a record.'),
      tool('hubspot-create-engagement', 'Create a note or task on a record.'),
      tool('hubspot-list-workflows', 'List workflows.'),
      tool('hubspot-get-link', 'Build a link to a record in the HubSpot UI.'),
    ],
  },
  {
    id: 'salesforce',
    name: 'Salesforce',
    category: 'Sales & CRM',
    description: 'Query and update Salesforce org data and metadata via the Salesforce CLI login.',
    keywords: ['salesforce', 'sfdc', 'opportunity', 'account', 'soql', 'apex'],
    aliases: ['sfdc', 'salesforce crm', 'sales cloud'],
    provider: {
      kind: 'npm',
      package: '@salesforce/mcp',
      args: ['--orgs', 'DEFAULT_TARGET_ORG', '--toolsets', 'orgs,data,users,metadata'],
    },
    registryName: 'io.github.salesforcecli/mcp',
    env: [],
    events: [
      event('lead.created', 'Lead created', ['new salesforce lead', 'lead is created']),
      event('opportunity.stage_changed', 'Opportunity stage changed', [
        'opportunity moves to',
        'opportunity is closed won',
        'opportunity stage changes',
      ]),
    ],
    tools: [],
  },
  {
    id: 'shopify',
    name: 'Shopify',
    category: 'Sales & CRM',
    description: 'Shopify products, variants, customers and orders through the Admin GraphQL API.',
    keywords: ['shopify', 'store', 'product', 'inventory', 'ecommerce', 'e-commerce'],
    aliases: ['shopify store', 'shopify admin'],
    provider: { kind: 'npm', package: 'shopify-mcp' },
    registryName: 'io.github.geli2001/shopify-mcp',
    env: [
      setting('MYSHOPIFY_DOMAIN', 'Your store domain, e.g. acme.myshopify.com.'),
      secret('SHOPIFY_ACCESS_TOKEN', 'Admin API access token of a custom app.'),
    ],
    events: [
      event('orders.create', 'Order created', [
        'new order',
        'order is placed',
        'someone buys',
        'new shopify order',
      ]),
      event('orders.paid', 'Order paid', ['order is paid', 'payment for an order']),
      event('orders.fulfilled', 'Order fulfilled', ['order is fulfilled', 'order ships']),
      event('customers.create', 'Customer created', ['new customer', 'customer signs up']),
    ],
    tools: [
      tool('get-products', 'List or search products.'),
      tool('get-product-by-id', 'Get a product by ID.'),
      tool('create-product', 'Create a product.'),
      tool('update-product', 'Update a product.'),
      tool('get-customers', 'List or search customers.'),
      tool('get-customer-orders', 'List the orders of a customer.'),
      tool('get-orders', 'List orders with filters.'),
      tool('get-order-by-id', 'Get an order by ID.'),
      tool('update-order', 'Update an order.'),
    ],
  },
];
