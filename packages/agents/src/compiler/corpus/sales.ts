import { cron, item, MANUAL, on, WEBHOOK, type CorpusCase } from './types.ts';

const SALES = 'Sales & CRM' as const;

export const SALES_CASES: readonly CorpusCase[] = [
  item(
    'When a new contact is created in HubSpot, read their company website and add a short company summary as a note',
    ['hubspot', 'web-page'],
    on('hubspot', 'contact.created'),
    SALES,
  ),
  item(
    'When a deal moves to Closed Won in HubSpot, post a celebration message to #sales in Slack',
    ['hubspot', 'slack'],
    on('hubspot', 'deal.stage_changed'),
    SALES,
  ),
  item(
    'Every weekday at 8am, email each sales rep their HubSpot deals that have had no activity for a week',
    ['hubspot', 'email'],
    cron('0 8 * * 1-5'),
    SALES,
  ),
  item(
    'When a Salesforce opportunity is closed won, create an onboarding task in Asana',
    ['salesforce', 'asana'],
    on('salesforce', 'opportunity.stage_changed'),
    SALES,
  ),
  item(
    'When someone fills in the contact form on our site (it posts to this agent), create a HubSpot contact and send them a thank-you email',
    ['hubspot', 'email'],
    WEBHOOK,
    SALES,
  ),
  item(
    'New Shopify order -> add the customer to HubSpot as a contact and tag them as customer',
    ['shopify', 'hubspot'],
    on('shopify', 'orders.create'),
    SALES,
  ),
  item(
    'Every Monday at 7:30 pull the open opportunities from Salesforce and post the pipeline by stage in Slack',
    ['salesforce', 'slack'],
    cron('30 7 * * 1'),
    SALES,
  ),
  item(
    'When a new lead comes in from Salesforce, research their company on the web and write a personalised intro email draft in Gmail',
    ['salesforce', 'brave-search', 'gmail'],
    on('salesforce', 'lead.created'),
    SALES,
  ),
  item(
    'Keep our Google Sheet of leads in sync: every hour add new HubSpot contacts as rows',
    ['hubspot', 'google-sheets'],
    cron('0 * * * *'),
    SALES,
  ),
  item(
    'When a Stripe subscription is created, update the matching HubSpot company to the customer lifecycle stage',
    ['stripe', 'hubspot'],
    on('stripe', 'customer.subscription.created'),
    SALES,
  ),
  item(
    'Find HubSpot deals with a close date in the past and ask their owners on Slack to update them',
    ['hubspot', 'slack'],
    MANUAL,
    SALES,
  ),
  item(
    "Every day at 18:00 send the sales team a summary of today's Shopify orders over $500 by email",
    ['shopify', 'email'],
    cron('0 18 * * *'),
    SALES,
  ),
  item(
    'When a customer churns in Stripe, create a follow-up task for their account manager in HubSpot',
    ['stripe', 'hubspot'],
    on('stripe', 'customer.subscription.deleted'),
    SALES,
  ),
  item(
    'Enrich new Airtable lead records: when a new Airtable record is created, search the web for the company and fill in its industry and size',
    ['airtable', 'brave-search'],
    on('airtable', 'record.created'),
    SALES,
  ),
  item(
    'On the 15th of each month, email every customer whose last Shopify order is older than 60 days a discount code',
    ['shopify', 'email'],
    cron('0 9 15 * *'),
    SALES,
  ),
  item(
    'When a call comes in on our Twilio number, log it as an activity on the HubSpot contact with that phone number',
    ['twilio', 'hubspot'],
    on('twilio', 'call.received'),
    SALES,
  ),
  item(
    'Twice a day, check the sales Gmail inbox for replies from prospects and update the deal stage in HubSpot',
    ['gmail', 'hubspot'],
    cron('0 9,17 * * *'),
    SALES,
  ),
  item(
    'When a new lead is added to HubSpot, score it from 1 to 10 based on company size and post hot leads to #sales',
    ['hubspot', 'slack'],
    on('hubspot', 'contact.created'),
    SALES,
  ),
  item(
    'Send a daily 9:00 digest of new Intercom leads to sales@ourstartup.com',
    ['intercom', 'email'],
    cron('0 9 * * *'),
    SALES,
  ),
  item(
    'Prepare me for my next sales call: look up the prospect in Salesforce, read their website and summarise what matters',
    ['salesforce', 'web-page'],
    MANUAL,
    SALES,
  ),
  item(
    'When a Shopify customer signs up, add them to the newsletter list in our Airtable base',
    ['shopify', 'airtable'],
    on('shopify', 'customers.create'),
    SALES,
  ),
  item(
    'When a Shopify order is fulfilled, email the customer a review request',
    ['shopify', 'email'],
    on('shopify', 'orders.fulfilled'),
    SALES,
  ),
  item(
    'When a Resend email bounces, mark the contact as invalid in HubSpot',
    ['resend', 'hubspot'],
    on('resend', 'email.bounced'),
    SALES,
  ),
  item(
    'When a new Intercom contact is created, add them to HubSpot as a lead',
    ['intercom', 'hubspot'],
    on('intercom', 'contact.created'),
    SALES,
  ),
  item(
    'Whenever Zapier calls this agent with a new signup, add the person as a HubSpot contact',
    ['hubspot'],
    WEBHOOK,
    SALES,
  ),
  item(
    'Hubsopt: when a deal is won send a thank you email to the contact',
    ['hubspot', 'email'],
    on('hubspot', 'deal.stage_changed'),
    SALES,
  ),
  item(
    'Sales operations request: when an opportunity in Salesforce moves to the "Negotiation" stage, create a deal review task in Asana for the sales manager, attach the opportunity amount and close date, and send a short notification to the #deal-desk Slack channel.',
    ['salesforce', 'asana', 'slack'],
    on('salesforce', 'opportunity.stage_changed'),
    SALES,
  ),
];
