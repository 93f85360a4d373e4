import { describe, expect, it } from 'vitest';
import { compileEmbedded } from './embedded.ts';
import { compileOffline } from './index.ts';
import { isLanguage } from './services.ts';
import { normalize } from './text.ts';
import { validateSpec } from './validate.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const compile = (prompt: string) =>
  compileEmbedded({ prompt, timezone: 'Europe/Berlin', now: NOW });

/** Every service the description's spec keeps: its integrations and the unavailable ones. */
const namedBy = (prompt: string) => {
  const spec = compile(prompt);
  return [
    ...spec.integrations.map((i) => i.id),
    ...(spec.unavailable ?? []).map((u) => (u.id ?? u.name).toLowerCase()),
  ];
};

describe('events of any service, read from the sentence', () => {
  it.each([
    // [description, service, event, delivery]
    [
      'When someone leaves a one-star review on G2, open a Jira bug and tell #product in Slack',
      'g2',
      'review.created',
      'webhook',
    ],
    [
      'Answer the questions customers send us through Crisp',
      'crisp',
      'message.received',
      'webhook',
    ],
    [
      // "signs up", whatever the tagger makes of it, on a form named before: a response.
      'We use a Google Form for volunteer sign ups. Every time somebody signs up, message me on WhatsApp',
      'google-forms',
      'response.created',
      'webhook',
    ],
    [
      'each time a customer signs up on Memberstack, add them to Airtable',
      'memberstack',
      'user.created',
      'webhook',
    ],
    [
      // A person something is done to in a product, even made there.
      'Whenever a candidate is added in Loxo, compare their résumé with the job',
      'loxo',
      'candidate.created',
      'webhook',
    ],
    [
      // The declared event the catalog's phrase read stands against the grammar's reading of
      // the same service, which the text names only by implication.
      'Whenever a dependency-bump pull request is opened (package.json changed), look up the new version on npm',
      'github',
      'pull_request.opened',
      'webhook',
    ],
    [
      // A build that goes red is the service's workflow, which says how it ended.
      'If the build goes red on main in CircleCI, find who authored the breaking commit',
      'circleci',
      'workflow.completed',
      'webhook',
    ],
    [
      // A survey filled in anywhere is a response to it.
      'When a guest fills in the post-dinner survey on Tock, email our GM the details',
      'tock',
      'response.created',
      'webhook',
    ],
    [
      // What a blog publishes, said by the verb alone.
      'When I publish on Hashnode, cross-post the article to dev.to',
      'hashnode',
      'post.published',
      'webhook',
    ],
    [
      // A thing's short name the tagger takes for a name.
      'When a DM hits our insta asking about sizing, answer from the size chart',
      'instagram',
      'messages.received',
      'webhook',
    ],
    [
      // A thing the tagger reads as an adjective, after the service's name.
      'When a new ilert alert comes in, open a Jira incident',
      'ilert',
      'alert.created',
      'webhook',
    ],
    [
      'ilert alert comes in → if it is from the payment service, open a Jira incident',
      'ilert',
      'alert.created',
      'webhook',
    ],
    [
      // "comes through" arrives; "booking comes" is no "Booking.com".
      'We rent out a cabin on Airbnb. Basically when a booking comes through, schedule the cleaner in Turno.',
      'airbnb',
      'booking.created',
      'webhook',
    ],
    [
      // Back up after failing: the contrary of the failure the catalog's phrase names.
      'Checkly: when the login check recovers after failing, post an all-clear in #status',
      'checkly',
      'check.recovered',
      'webhook',
    ],
    ['when the Pingdom check recovers, post in slack', 'pingdom', 'check.recovered', 'webhook'],
    [
      'when the uptimerobot monitor recovers, post in #ops',
      'uptimerobot',
      'monitor.recovered',
      'webhook',
    ],
    [
      // Going down is the failure the catalog names "down".
      'when our uptime robot monitor for api.shop.io goes down, post to #ops',
      'uptimerobot',
      'monitor.down',
      'webhook',
    ],
    [
      // A monitor named by what it watches is the service's, not an API to call on the hour.
      'As soon as Hyperping says the API monitor is down, create an incident on our Statuspage',
      'hyperping',
      'monitor.down',
      'webhook',
    ],
    [
      // Someone cancelling with no thing named cancels their booking; a patient, an appointment.
      'a patient cancels in Cliniko → check the waitlist in our google sheet',
      'cliniko',
      'appointment.cancelled',
      'webhook',
    ],
    ['when a guest cancels on Airbnb, email me', 'airbnb', 'booking.cancelled', 'webhook'],
    [
      "if a buyer's agent cancels a showing in ShowingTime, message the seller",
      'showingtime',
      'showing.cancelled',
      'webhook',
    ],
    [
      // A person something is done to, in a product, is its thing.
      "When a candidate is moved to 'Offer' in Teamtailor, fill in our offer letter template",
      'teamtailor',
      'candidate.updated',
      'webhook',
    ],
    [
      // Headlines of what happens, before an arrow ("->" read as two marks) or a comma.
      'grafana alert fires for disk >90% on any db-* host -> open an incident in incident.io',
      'grafana',
      'alert.firing',
      'webhook',
    ],
    [
      'Help Scout: customer replies to a convo, check if they sound angry, if yes DM me on slack',
      'help-scout',
      'conversation.replied',
      'webhook',
    ],
    [
      'someone churns in stripe (subscription cancelled) -> ask them in an email why they left',
      'stripe',
      'customer.subscription.deleted',
      'webhook',
    ],
    [
      // "a new one": the thing named before, in the service the clause names.
      'Assign leads round-robin to our 4 agents (enrich them with Clearbit first) whenever a new one lands in Lofty.',
      'lofty',
      'lead.created',
      'webhook',
    ],
    [
      // Someone buying is an order placed, where they buy, not where the buyers go.
      'Add buyers to our MailChimp list whenever someone buys on SendOwl',
      'sendowl',
      'order.created',
      'webhook',
    ],
    [
      // ... in the service's own word where the catalog declares one.
      'whenever someone purchases something on Payhip, tag them in ConvertKit',
      'payhip',
      'sale.created',
      'webhook',
    ],
    [
      // The service named where the event is told, not the one with the phrase ("new order").
      'for every new order in my etsy shop please send buyer a thank you message and make the shipment in ShipStation',
      'etsy',
      'order.created',
      'webhook',
    ],
    [
      // A participle naming the thing is the happening; "done" is completed.
      'You watch SonarQube for us. Each failed quality gate: explain what broke',
      'sonarqube',
      'quality_gate.failed',
      'webhook',
    ],
    ['dbt run done → post the KPI digest to #finance', 'dbt', 'run.completed', 'webhook'],
    [
      // A name in quotes is not the thing.
      "Once the 'Month-end close' task is completed in Asana, pull the P&L from Xero",
      'asana',
      'task.completed',
      'webhook',
    ],
    [
      // Each of a named service's things, though its keyword takes the thing in.
      'Every Strava activity I upload should go into my marathon plan in Google Sheets',
      'strava',
      'activity.create',
      'webhook',
    ],
    [
      'After someone donates on Givebutter, add them as a contact in Salesforce',
      'givebutter',
      'donation.created',
      'webhook',
    ],
    [
      // A lower-case name after a determiner, before a product's thing.
      'if someone leaves an okendo review that mentions sizing → forward it to #product-fit',
      'okendo',
      'review.created',
      'webhook',
    ],
    [
      // The head noun the tagger read as a verb.
      'Whenever a new buyer lead comes in from Zillow, add them to Follow Up Boss',
      'zillow',
      'buyer_lead.created',
      'webhook',
    ],
    [
      // "ends" is completed; "zoom webinar" names Zoom.
      'After every zoom webinar ends, add the attendance as a row in Airtable',
      'zoom',
      'meeting.ended',
      'webhook',
    ],
    [
      // A driver does the marking; the delivery is the thing.
      'Each time a driver marks a delivery as completed in Onfleet, log it in our sheet',
      'onfleet',
      'delivery.completed',
      'webhook',
    ],
    [
      // A participle after the thing describes it when a verb before the thing says what happened.
      'Copy help: if the designers leave a comment tagged #copy on a Figma file, reply with three headlines',
      'figma',
      'file.comment',
      'webhook',
    ],
    [
      // ... and an "if" opening the request finds the catalog's own event for it.
      'If the designers leave a comment tagged #copy on a Figma file, reply with three headlines',
      'figma',
      'file.comment',
      'webhook',
    ],
    [
      // The state it goes into; the grammar's verb over the catalog's "created".
      'Whenever a Cronitor monitor for one of our nightly backup jobs goes into a failing state, post it in #ops',
      'cronitor',
      'monitor.failed',
      'webhook',
    ],
    [
      // A thing posted somewhere is the thing, not a message.
      'Every 1- or 2-star review posted on Trustpilot should get a reply fast: draft an apology and drop it in #cx',
      'trustpilot',
      'review.created',
      'webhook',
    ],
    [
      // The service's one event of that thing, or of that happening.
      'Turn every Aircall voicemail into a Zoho Desk ticket with the transcript',
      'aircall',
      'call.voicemail_left',
      'webhook',
    ],
    [
      'If a prospect cancels their Calendly demo, send them a reschedule link by email',
      'calendly',
      'invitee.canceled',
      'webhook',
    ],
    [
      // Getting a tag is a change; a lead's status belongs to the lead.
      "When a Zendesk ticket gets the 'refund' tag, look up the order in Shopify",
      'zendesk',
      'ticket.updated',
      'webhook',
    ],
    [
      "A lead's status is changed to 'Qualified' in Zoho CRM? Then research the company",
      'zoho-crm',
      'lead.updated',
      'webhook',
    ],
    [
      // A schedule told as background yields to the request's when-clause; "ready" is done.
      'Our webinar runs every Thursday on Zoom. Whenever the recording is ready, pick 3 moments for clips',
      'zoom',
      'recording.completed',
      'webhook',
    ],
    [
      // Ticking off is completing.
      "Each time I tick off a Todoist task labelled 'habit', log the date in my Notion tracker",
      'todoist',
      'item.completed',
      'webhook',
    ],
    [
      // An abbreviation opening a name; the catalog's "new lead" of a service not named yields.
      'each new lead in RD Station gets scored 1-10; 8 or more, create a deal in Pipedrive',
      'rd-station',
      'lead.created',
      'webhook',
    ],
    [
      // A service named in an aside is not where the event happens.
      "If a VIP customer (they're listed in our Airtable) raises a request in Jira Service Management, ping #support",
      'jira-service-management',
      'request.created',
      'webhook',
    ],
    [
      // A request ends the clause ("please reply"); a subject the tagger reads as a verb.
      'our clients in Ukraine write us on Viber. When message arrive please reply from the FAQ',
      'viber',
      'message.received',
      'webhook',
    ],
    [
      'zendesk ticket created -> detect the language and add an internal note in English',
      'zendesk',
      'ticket.created',
      'webhook',
    ],
    [
      'Any time a closed Intercom conversation gets a reply, reopen it and tell the assignee on Slack',
      'intercom',
      'conversation.replied',
      'webhook',
    ],
    [
      'If someone cancels a booking on Cal.com, offer the slot to the waitlist by email',
      'cal-com',
      'booking.cancelled',
      'webhook',
    ],
    [
      'Once a Shopify order is fulfilled, email the customer a review request',
      'shopify',
      'orders.fulfilled',
      'webhook',
    ],
    // A headline in a later sentence, after a lead-in of its own.
    [
      'We keep missing these. pls set up: PagerDuty incident triggered -> page the on-call lead',
      'pagerduty',
      'incident.triggered',
      'webhook',
    ],
    // A product the catalog knows without a server, named before the thing it sends news of.
    [
      'Each time a Checkly check fails, open a Linear issue with the failing step',
      'checkly',
      'check.failed',
      'webhook',
    ],
    // A request on each of a service's things as they come.
    [
      'Summarise each new Intercom conversation for the account owner',
      'intercom',
      'conversation.created',
      'webhook',
    ],
    // Whatever is submitted on a form tool is a response.
    [
      'Each time a volunteer sign-up is submitted through our Jotform, add them to Airtable',
      'jotform',
      'submission.created',
      'webhook',
    ],
    // A pronoun subject points back at the thing and the service named before.
    [
      'Refund tickets pile up in Zendesk. When one comes in, check the order in Shopify and draft a reply',
      'zendesk',
      'ticket.created',
      'webhook',
    ],
    // A thing right after a service's name, whatever the tagger makes of it.
    [
      'Intercom reply arrives: tag the conversation by topic',
      'intercom',
      'conversation.replied',
      'webhook',
    ],
    // The verb the catalog's phrase passed over.
    [
      'when a WooCommerce order gets refunded, note it in the refunds sheet',
      'woocommerce',
      'order.refunded',
      'poll',
    ],
    // A thing after a possessive, a noun in -ing included.
    [
      'when a guest cancels her booking on Calendly, free the room in our sheet',
      'calendly',
      'invitee.canceled',
      'webhook',
    ],
    // Whatever a service about one kind of thing calls it, its one event of that kind; the head
    // of a compound the service does not declare.
    [
      'Once a lead card in our Airtable base gets its stage set to Won, email the team',
      'airtable',
      'record.updated',
      'webhook',
    ],
    [
      'The moment a news entry is published in Contentful, tweet it',
      'contentful',
      'entry.publish',
      'webhook',
    ],
    // A service's only event, whatever the user calls its thing, when the happening agrees.
    [
      'When the tenant signs the lease in DocuSign, file it in our Drive',
      'docusign',
      'envelope.completed',
      'webhook',
    ],
    [
      'If Argo CD fails to roll out the staging app, post the events to #ops',
      'argocd',
      'app.sync_failed',
      'webhook',
    ],
    // A service's name and "new" opening a sentence; "every X that gets opened"; "whenever that
    // happens" after the thing; a product's thing a verb books; a watching product raising news;
    // a thing doing something now in a headline.
    [
      'Freshdesk new ticket. if it mentions a refund, tag it billing',
      'freshdesk',
      'ticket.created',
      'webhook',
    ],
    [
      'Every merge request that gets opened in our GitLab must have a linked issue; comment if missing',
      'gitlab',
      'merge_request.opened',
      'webhook',
    ],
    [
      'Each time a client books an appointment in Acuity, add it to our sheet',
      'acuity-scheduling',
      'appointment.scheduled',
      'webhook',
    ],
    [
      'if sentry raises a new issue in the api project, open a Linear ticket',
      'sentry',
      'issue.created',
      'webhook',
    ],
    [
      'invoice lands in dropbox /Inbox -> rename it by vendor',
      'dropbox',
      'file.changed',
      'webhook',
    ],
    // Done when fully signed or executed; a run that fails is its run completed; an article on a
    // blog is its post; an error is Sentry's issue.
    [
      'as soon as the lease is fully executed in DocuSign, file it in the tenant folder',
      'docusign',
      'envelope.completed',
      'webhook',
    ],
    [
      'whenever a GitHub Actions run fails on main, tell #ci what broke',
      'github-actions',
      'workflow_run.completed',
      'webhook',
    ],
    [
      'when a new article goes live on our Ghost site, tweet the link',
      'ghost',
      'post.published',
      'webhook',
    ],
    [
      'if the checkout app throws a new error in Sentry, open a Linear issue',
      'sentry',
      'issue.created',
      'webhook',
    ],
    // A stream that goes live is the service's "online"; a ticket bumped up is updated.
    ['Twitch stream goes live - announce it in our Discord', 'twitch', 'stream.online', 'webhook'],
    [
      'Freshdesk ticket gets bumped to Urgent -> post it in #support-escalations',
      'freshdesk',
      'ticket.updated',
      'webhook',
    ],
    ['when a Zendesk ticket is escalated, page the lead', 'zendesk', 'ticket.updated', 'webhook'],
    // Another name of the service's thing.
    ['when someone files a bug in Jira, post it to #qa', 'jira', 'issue.created', 'webhook'],
    // A form product named in the clause is what is filled in.
    [
      "Whenever a parent fills in our 'field trip' Jotform, add the child to the trip sheet",
      'jotform',
      'submission.created',
      'webhook',
    ],
    // A headline with what the service's thing is doing now.
    // (A build is CircleCI's workflow: its declared event, by webhook.)
    [
      'CircleCI build failing on main - page the on-call',
      'circleci',
      'workflow.completed',
      'webhook',
    ],
    // The words of an event in the languages people mix in.
    [
      'cada vez que entra un pedido nuevo en Tiendanube, add it to the sheet',
      'nuvemshop',
      'order.created',
      'webhook',
    ],
    [
      'Wenn ein neuer Termin über Doctolib gebucht wird, email the patient the intake form',
      'doctolib',
      'appointment.created',
      'webhook',
    ],
    // ... with what happens before the thing it happens to, and a survey "completed".
    [
      'quando entra um novo lead no Pipedrive, manda no Slack',
      'pipedrive',
      'lead.created',
      'webhook',
    ],
    [
      'Wenn eine Umfrage in SurveyMonkey abgeschlossen wird, die Antworten in Excel eintragen',
      'surveymonkey',
      'response.completed',
      'webhook',
    ],
    [
      'Wenn in Grafana ein Alarm losgeht, ein Ticket in Jira anlegen',
      'grafana',
      'alert.firing',
      'webhook',
    ],
    [
      'Jede neue ProvenExpert-Bewertung unter 3 Sternen: Antwortentwurf schreiben',
      'provenexpert',
      'review.created',
      'webhook',
    ],
    // A person moved along in the product; a push named after "each"; homework handed in.
    [
      "Kommo: when a lead moves to 'Proposal sent', generate the proposal from PandaDoc",
      'kommo',
      'lead.stage_changed',
      'webhook',
    ],
    ['each push to main in Bitbucket, check it for secrets', 'bitbucket', 'repo.push', 'webhook'],
    [
      'After my students hand in homework in Google Classroom, check the grammar',
      'google-classroom',
      'homework.created',
      'webhook',
    ],
    [
      'Cada pedido nuevo en Tiendanube -> crear la factura en Alegra',
      'nuvemshop',
      'order.created',
      'webhook',
    ],
    // The head of a compound the tagger misread: a wedding lead, that lands.
    [
      "When a new wedding lead lands in Tripleseat and it's over 100 guests, WhatsApp Maria",
      'tripleseat',
      'wedding_lead.created',
      'webhook',
    ],
    // What someone else does later is no happening of the thing; a review that hits the app.
    [
      'When ilert raises an alert for payments and nobody has acknowledged it after 10 minutes, call me',
      'ilert',
      'alert.created',
      'webhook',
    ],
    [
      'When a 1 or 2 star review hits our iOS app (we get them through AppFollow), reply to it',
      'appfollow',
      'review.created',
      'webhook',
    ],
    // A deploy that blows up fails.
    ['ping #oncall when a deploy on vercel blows up', 'vercel', 'deployment.error', 'webhook'],
    // The thing written into the event's action: Argo CD's app.sync_failed.
    ['Argo CD sync failed? ping #platform with the diff', 'argocd', 'app.sync_failed', 'webhook'],
    // Marked complete is completed; what a message mentions is not what happened.
    [
      'Once a job gets marked complete in Jobber, email the client a review link',
      'jobber',
      'job.completed',
      'webhook',
    ],
    [
      'If a conversation in Intercom mentions cancelling, assign it to the retention team',
      'intercom',
      'conversation.created',
      'webhook',
    ],
    // A new someone doing something: what they do it to is the thing.
    [
      'When a new patient books their first appointment in Jane App, send them the intake form',
      'jane-app',
      'appointment.created',
      'webhook',
    ],
    // A form that comes in is a response to it.
    [
      'Parents fill in the permission form (Google Forms). Each time one comes in, tick the kid off in my roster sheet',
      'google-forms',
      'response.created',
      'webhook',
    ],
    // What a service does, whatever the tagger says: "fires" a verb, "alert" a thing.
    [
      'If Graylog fires an alert about failed logins, collect the source IPs',
      'graylog',
      'alert.created',
      'webhook',
    ],
    // Each of the things that come in; what arrives is the thing, even a person ("a lead").
    [
      "Each gift over $1,000 that comes in through Givebutter: add the donor to the 'Major Gifts' list",
      'givebutter',
      'donation.created',
      'webhook',
    ],
    [
      'Thumbtack lead for a bathroom remodel comes in → reply with my usual price range',
      'thumbtack',
      'lead.created',
      'webhook',
    ],
    // A service that says a state reports it; a verb after a subject of its own tells of the
    // thing; writing back is a reply; what finishes deploying is a deploy.
    [
      'if uptimerobot says the store is down, post in #support',
      'uptimerobot',
      'monitor.down',
      'webhook',
    ],
    [
      "If a customer comments on a Zendesk ticket we've already closed, reopen it",
      'zendesk',
      'ticket.comment_added',
      'webhook',
    ],
    [
      "every time a customer writes back in Intercom on a conversation we'd set to waiting, reopen it",
      'intercom',
      'conversation.replied',
      'webhook',
    ],
    [
      'Every time Render finishes deploying the api service, run our smoke test against it',
      'render',
      'deploy.completed',
      'webhook',
    ],
    // A signed contract is completed; a participle after "anything" describes.
    [
      'when a client signs their contract in Dubsado, email them my session prep guide',
      'dubsado',
      'contract.completed',
      'webhook',
    ],
    [
      'When PagerDuty fires an incident for anything tagged payments-api, pull the error logs',
      'pagerduty',
      'incident.triggered',
      'webhook',
    ],
    // A happening named by its noun.
    [
      'Azure DevOps: on PR creation, scan the changes for hardcoded secrets',
      'azure-devops',
      'git.pullrequest.created',
      'webhook',
    ],
    [
      'chargebee cancellation → churn sheet row: plan, MRR lost',
      'chargebee',
      'subscription.cancelled',
      'webhook',
    ],
    // A numbered list's first item, a headline asked as a question, verbs of other languages.
    [
      '1. deal hits Closed Won in HubSpot\n2. create the onboarding project in Asana\n3. send an intro email',
      'hubspot',
      'deal.stage_changed',
      'webhook',
    ],
    [
      '1) sentry raises a new issue in prod 2) create a jira bug with the stack trace',
      'sentry',
      'issue.created',
      'webhook',
    ],
    [
      'Candidate marked as hired in Greenhouse? Create their employee record in BambooHR',
      'greenhouse',
      'candidate.hired',
      'webhook',
    ],
    [
      'Quando abrirem um merge request no GitLab, revisa o diff e comenta',
      'gitlab',
      'merge_request.opened',
      'webhook',
    ],
    // Someone who "DMs" a page writes to it.
    [
      'Someone DMs our Instagram asking about prices → answer from the FAQ in Notion',
      'instagram',
      'messages.received',
      'webhook',
    ],
    // Something that hits a place arrives there; what hits a stage changes.
    [
      'every time a new mail hits the support inbox in Front, triage it',
      'front',
      'message.received',
      'webhook',
    ],
    [
      'Whenever a fresh order hits Shopify, text the warehouse on WhatsApp',
      'shopify',
      'orders.create',
      'webhook',
    ],
    [
      'The moment a deal hits Closed Won in HubSpot, create a project in Asana',
      'hubspot',
      'deal.stage_changed',
      'webhook',
    ],
    // "new" in a catalog event's name ("New pledge") is no word of its thing.
    [
      'When I publish a new post on Patreon, share a teaser on Bluesky',
      'patreon',
      'post.published',
      'webhook',
    ],
    // The person the passive tells of, before where it was done, is the thing.
    [
      'when a candidate gets added to a pipeline in Recruitee, look them up on LinkedIn',
      'recruitee',
      'candidate.created',
      'webhook',
    ],
    // What a message asks about is not what happened.
    [
      'A client messages us on Podium asking whether the order is ready? Check the order in Shopify and reply',
      'podium',
      'message.received',
      'webhook',
    ],
    // An abbreviation after an article is a thing.
    [
      'every time an RSVP comes in on Meetup, update the attendance sheet',
      'meetup',
      'rsvp.created',
      'webhook',
    ],
    // Renewing, pausing and losing change a thing.
    [
      'When a tenant renews on Buildium, update the lease sheet',
      'buildium',
      'subscription.updated',
      'webhook',
    ],
    [
      'any time a customer pauses their plan in Recharge, send them a discount',
      'recharge',
      'plan.updated',
      'webhook',
    ],
    // The order right after where it happened, and what "should" be done, end the clause.
    [
      'whenever I publish on substack make a bluesky thread and a mastodon post out of it',
      'substack',
      'post.published',
      'webhook',
    ],
    [
      'Every new donation in Givebutter should update the totals in our Google Sheet',
      'givebutter',
      'donation.created',
      'webhook',
    ],
    // "the moment", "any time" open a clause that says when.
    [
      'the moment i go live on twitch post the link in my discord #announcements',
      'twitch',
      'stream.online',
      'webhook',
    ],
    // ... and so do "the second", "the minute", "the instant" before the one who acts.
    [
      'the second I go live on Twitch, post the link in our Discord',
      'twitch',
      'stream.online',
      'webhook',
    ],
    ['the minute someone books on Calendly, text me', 'calendly', 'invitee.created', 'webhook'],
    // A comment on a thing is a comment, whatever it is on.
    [
      'When someone comments on one of my YouTube videos, answer the question',
      'youtube',
      'comment.created',
      'poll',
    ],
    // A name standing as a sentence of its own heads what follows.
    [
      'Glassdoor. Any new review of our company, summarize it and drop it in the people-team Slack channel.',
      'glassdoor',
      'review.created',
      'webhook',
    ],
    // A verb with no thing of its own, then where it happened: what the verb makes.
    [
      'When someone buys from my Etsy shop, send them a thank-you message',
      'etsy',
      'order.created',
      'webhook',
    ],
    // A headline of a thing a service with no events of its own names in its own words; made
    // new whatever else the headline says of it.
    [
      'new Obsidian note tagged #publish → post it on our Ghost blog',
      'obsidian',
      'note.created',
      'poll',
    ],
    [
      'every new link saved in raindrop → summarise it into notion',
      'raindrop-io',
      'link.created',
      'webhook',
    ],
    // Each one who does it, as they do.
    [
      'Could you add anyone who buys our course on Gumroad to our Circle community?',
      'gumroad',
      'sale.created',
      'webhook',
    ],
    // A headline before a colon that says what happened; a page named as where it came from.
    [
      'Chatwoot conversation opened from the website widget: if it is a pricing question, answer it',
      'chatwoot',
      'conversation.created',
      'webhook',
    ],
    // ... with the happening in -ing too.
    [
      'grafana alert firing on the payments db: check prometheus for what grew',
      'grafana',
      'alert.firing',
      'webhook',
    ],
    // A candidate who hits a stage is moved, not made.
    [
      'Once a candidate hits the Offer stage in Workable, fill in the offer letter in Google Docs',
      'workable',
      'candidate.moved',
      'webhook',
    ],
    // Where the clause ends: at "kindly", at the request, at what the user gets; a catalog phrase
    // read past it, or a weak cue after a strong one, yields.
    [
      'When a payment is refunded in Paddle kindly send the customer a short note on WhatsApp',
      'paddle',
      'payment.refunded',
      'poll',
    ],
    [
      'the moment a guest books a room on our airbnb listing we get an email with the dates, put them in google calendar',
      'airbnb',
      'booking.created',
      'webhook',
    ],
    [
      "whenever a fan buys merch on bandcamp add them to our mailchimp list 'supporters'",
      'bandcamp',
      'merch.created',
      'webhook',
    ],
    [
      'each new sentry issue: look for a duplicate, if its new then create a pagerduty incident',
      'sentry',
      'issue.created',
      'webhook',
    ],
    // A habit told first, then pointed back at ("when they do", "whenever one arrives").
    [
      'Patients can cancel their visits through Doctolib. When they do, offer the slot to the waiting list by SMS',
      'doctolib',
      'visit.cancelled',
      'webhook',
    ],
    [
      'Invoices from suppliers land in my Outlook. Whenever one arrives, add it to the bookkeeping sheet',
      'outlook',
      'invoice.created',
      'poll',
    ],
    [
      'Orders from wholesale buyers land in our Shopify store. Whenever one arrives, tell #wholesale in Slack',
      'shopify',
      'orders.create',
      'webhook',
    ],
    // Where a thing ends up is where it arrives; dragged is moved.
    [
      "Every new order from our Instagram shop ends up in Shopify. Tag each one with 'insta'",
      'shopify',
      'orders.create',
      'webhook',
    ],
    [
      "When a card gets dragged to the 'Done' list in Trello, post it in #wins",
      'trello',
      'card.moved',
      'webhook',
    ],
  ])('%s', (prompt, integration, event, delivery) => {
    const spec = compile(prompt);
    expect(spec.trigger).toMatchObject({ type: 'event', integration, event });
    expect(spec.trigger.type === 'event' && spec.trigger.delivery?.type).toBe(delivery);
    expect(validateSpec(spec)).toEqual([]);
  });

  it("reads what the user's own team can do as what the agent is for, not news", () => {
    expect(
      compile(
        'I want something my sales team can ask about our pricing and get answers from Notion',
      ).trigger,
    ).toEqual({ type: 'manual' });
  });

  it('polls a service Spoke runs when the catalog knows no webhook for the event', () => {
    const spec = compile('When a new row is added to our Google Sheet, email me its contents');
    expect(spec.trigger).toMatchObject({
      type: 'event',
      integration: 'google-sheets',
      event: 'row.created',
      delivery: { type: 'poll', interval_minutes: 15 },
    });
    expect(validateSpec(spec)).toEqual([]);
  });

  it('takes the service the clause names over one that shares the catalog’s phrase', () => {
    const spec = compile('as soon as a Gorgias ticket comes in, find the Shopify order');
    expect(spec.trigger).toMatchObject({ type: 'event', integration: 'gorgias' });
  });

  it('does not take a service’s only event for one that undoes it', () => {
    expect(
      compile('when an event is cancelled on Eventbrite, email every attendee').trigger,
    ).toMatchObject({
      type: 'event',
      integration: 'eventbrite',
      event: 'event.cancelled',
    });
  });

  it('does not make an event of a thing that already happened, or of a question', () => {
    expect(compile('Review the pull requests my students opened on GitHub').trigger.type).toBe(
      'manual',
    );
    expect(compile('who changed LaunchDarkly flags in production this week?').trigger).toEqual({
      type: 'manual',
    });
    expect(
      compile('Show me which of our Render services failed their last deploy').trigger,
    ).toEqual({ type: 'manual' });
    expect(
      compile('Go through every Phabricator diff that landed in March and list the unreviewed ones')
        .trigger,
    ).toEqual({ type: 'manual' });
  });

  it("reads what belongs to an owner as the thing, but not an owner's attribute", () => {
    expect(
      compile("When a contractor's contract ends in Deel, post it in #it-ops").trigger,
    ).toMatchObject({ integration: 'deel', event: 'contract.completed' });
    expect(
      compile("when a lead's status is changed in Pipedrive, tell #sales").trigger,
    ).toMatchObject({ integration: 'pipedrive', event: 'lead.updated' });
  });

  it('reads a thing the clause calls new as created, whatever else it says of it', () => {
    for (const prompt of [
      "new zendesk ticket tagged 'refund' -> look up the order in shopify",
      "when a new zendesk ticket is tagged 'refund', look up the order in shopify",
    ]) {
      expect(compile(prompt).trigger, prompt).toMatchObject({ event: 'ticket.created' });
    }
    expect(
      compile("when a zendesk ticket is tagged 'refund', look up the order in shopify").trigger,
    ).toMatchObject({ event: 'ticket.updated' });
  });

  it('reads the happening, not what did not happen nor a condition told after it', () => {
    for (const [prompt, integration, event] of [
      [
        "whenever PagerDuty triggers an incident and it isn't acknowledged within 10 minutes, ring the backup engineer",
        'pagerduty',
        'incident.triggered',
      ],
      [
        "Sentry: new issue in the payments project. If it's hitting more than 50 users, page whoever is on call through Opsgenie",
        'sentry',
        'issue.created',
      ],
      [
        'Once a candidate is marked as hired in Greenhouse, set them up in BambooHR',
        'greenhouse',
        'candidate.hired',
      ],
      [
        'the ward roster gets published in Deputy. When the new roster is out, put my shifts into my Google Calendar',
        'deputy',
        'roster.published',
      ],
      [
        'once my new release is live through DistroKid, post the announcement on X',
        'distrokid',
        'release.published',
      ],
      [
        'After the recording of our weekly live class on Zoom is ready, write a recap blog post',
        'zoom',
        'recording.completed',
      ],
      [
        'the moment DistroKid tells me my new single is live, write a caption for instagram',
        'distrokid',
        'single.published',
      ],
      [
        'If someone pushes straight to main on Bitbucket instead of going through a pull request, call it out in #dev',
        'bitbucket',
        'repo.push',
      ],
      [
        'When a customer pays at the counter with Square, add them to the regulars audience in Mailchimp',
        'square',
        'payment.created',
      ],
    ] as const) {
      expect(compile(prompt).trigger, prompt).toMatchObject({ type: 'event', integration, event });
    }
  });

  it('reads what is put in a folder as a file, in other languages too', () => {
    for (const [prompt, integration, event] of [
      [
        "When our editor drops a finished video into the 'Final' folder on Google Drive, upload it to YouTube",
        'google-drive',
        'file.created',
      ],
      [
        "New photo uploaded to the 'Weddings 2025' folder in google drive -> post it to our instagram",
        'google-drive',
        'file.created',
      ],
      [
        'When a new file lands in the Receipts folder in Dropbox, rename it',
        'dropbox',
        'file.changed',
      ],
      [
        "Nowy plik w folderze 'Do tłumaczenia' na OneDrive → translate it into Polish",
        'onedrive',
        'file.created',
      ],
    ] as const) {
      expect(compile(prompt).trigger, prompt).toMatchObject({ type: 'event', integration, event });
    }
  });

  it('reads a comment on a service’s thing as its one comment event', () => {
    for (const [prompt, integration, event] of [
      [
        'When somebody comments /explain on a pull request in GitHub, reply with a walkthrough',
        'github',
        'issue_comment.created',
      ],
      [
        "Figma: whenever the designers leave a comment saying 'copy needed' on a frame, reply with three headlines",
        'figma',
        'file.comment',
      ],
      [
        'Whenever one of our agents adds a public reply on a Zendesk ticket, check the tone',
        'zendesk',
        'ticket.comment_added',
      ],
    ] as const) {
      expect(compile(prompt).trigger, prompt).toMatchObject({ type: 'event', integration, event });
    }
  });

  it('reads what a message asks for as its content, not the thing that happened', () => {
    expect(
      compile(
        'Patients text our office line through Weave. If someone texts asking to move their appointment, look up the next open slots in Dentrix and text them back 3 options.',
      ).trigger,
    ).toMatchObject({ type: 'event', integration: 'weave', event: 'message.received' });
  });

  it('reads a rating in stars as a review', () => {
    for (const prompt of [
      'got a 1 or 2 star on trustpilot? open a freshdesk ticket so somebody calls the customer back',
      'new 1-star or 2-star on Trustpilot? draft a calm apology reply for me to approve',
    ]) {
      expect(compile(prompt).trigger, prompt).toMatchObject({
        type: 'event',
        integration: 'trustpilot',
        event: 'review.created',
      });
    }
    expect(
      compile('When a customer posts a 5-star photo review on Loox, turn it into an Instagram post')
        .trigger,
    ).toMatchObject({ integration: 'loox', event: expect.stringMatching(/review\.created$/) });
  });

  it('reads the service’s own word for what happened wherever the clause says it', () => {
    for (const [prompt, integration, event] of [
      [
        'When a Rollbar item reactivates in prod, reopen the linked Linear ticket',
        'rollbar',
        'item.reactivated',
      ],
      [
        'whenever rolbar reports a reactivated item in production, reopen the Linear issue',
        'rollbar',
        'item.reactivated',
      ],
      [
        'For every paid shopify order over $500, add the customer to the VIP segment in Klaviyo',
        'shopify',
        'orders.paid',
      ],
      [
        'Wistia video processed → write a description with chapter timestamps',
        'wistia',
        'media.processed',
      ],
      ['On every merged PR in the monorepo, write a release note', 'github', 'pull_request.merged'],
    ] as const) {
      expect(compile(prompt).trigger, prompt).toMatchObject({ type: 'event', integration, event });
    }
    // The thing's own words say nothing of what happened to it; two of the service's words at
    // once leave the verb to say it.
    expect(compile('new gitlab MR → comment if CHANGELOG missing').trigger).toMatchObject({
      event: 'merge_request.opened',
    });
    expect(
      compile('Every new subscriber to our Mailchimp list should be added as a HubSpot contact')
        .trigger,
    ).toMatchObject({ integration: 'mailchimp', event: 'subscriber.created' });
  });

  it('puts the event on the service whose thing it is, not one named only as where work goes', () => {
    // A pull request a bot opens is the code host's, which the words imply.
    for (const prompt of [
      'dependabot opens PR → merge if patch bump + CI green',
      'When Dependabot opens a PR, read the changelog of the package it bumps',
    ]) {
      expect(compile(prompt).trigger, prompt).toMatchObject({
        type: 'event',
        integration: 'github',
        event: 'pull_request.opened',
      });
    }
    expect(compile('When Dependabot raises an alert, check it').trigger).toMatchObject({
      integration: 'dependabot',
    });
    // A service named only as what the work makes, or where a message goes, is no source.
    expect(
      compile(
        'Sentry: new issue in the payments project -> find the commit that caused it and open a Linear issue assigned to its author',
      ).trigger,
    ).toMatchObject({ type: 'event', integration: 'sentry', event: 'issue.created' });
    expect(
      compile(
        "ping me when it's merged — any PR touching /billing in the monorepo. DM me on slack with a summary",
      ).trigger,
    ).toMatchObject({ type: 'event', integration: 'github' });
  });

  it('reads an "if" that opens the request as "when", and a later one as a condition', () => {
    expect(
      compile('if a client cancels on calendly, send them a kind email offering to rebook').trigger,
    ).toMatchObject({ type: 'event', integration: 'calendly', event: 'invitee.canceled' });
    expect(
      compile(
        'ArgoCD sync failed -> post app name + error in #platform. if the app lives on prod also trigger a pagerduty incident',
      ).trigger,
    ).toMatchObject({ type: 'event', integration: 'argocd' });
    // The clause that says when is the request; a habit told before it, with no word that says
    // when, is background.
    expect(
      compile(
        'My clients book sessions with me on cal.com. If a booking gets cancelled, message me on telegram',
      ).trigger,
    ).toMatchObject({ type: 'event', integration: 'cal-com', event: 'booking.cancelled' });
    expect(
      compile(
        "if somebody cancels their calendly demo send them a reschedule link and move the deal back to 'Demo to book'",
      ).trigger,
    ).toMatchObject({ type: 'event', integration: 'calendly', event: 'invitee.canceled' });
    expect(compile('Answer the questions customers send us through Crisp').trigger).toMatchObject({
      type: 'event',
      integration: 'crisp',
    });
  });

  it('reads a when-clause before a schedule as the event, anything else as the schedule', () => {
    expect(
      compile('Every Friday at 4pm, reply to the new Trustpilot reviews people left this week')
        .trigger,
    ).toMatchObject({ type: 'schedule', cron: '0 16 * * 5' });
    expect(
      compile('Deploys merged, incidents opened: post both counts in #eng every Monday at 10')
        .trigger,
    ).toMatchObject({ type: 'schedule', cron: '0 10 * * 1' });
    expect(compile('Just this once: list every open Jira bug by priority').trigger).toEqual({
      type: 'manual',
    });
    expect(compile('Create new Asana tasks for each item in this checklist').trigger).toEqual({
      type: 'manual',
    });
  });

  it('reads lists of days, a bare part of the day, and durations that are not times', () => {
    expect(compile('Tue/Thu at 8:30 send me the Plausible numbers').trigger).toMatchObject({
      type: 'schedule',
      cron: '30 8 * * 2,4',
    });
    expect(compile('check our Paddle payouts daily evening and email me').trigger).toMatchObject({
      type: 'schedule',
      cron: '0 18 * * *',
    });
    expect(
      compile('Every Saturday at 9am email me my Strava week (goal: a sub-3h marathon)').trigger,
    ).toMatchObject({ type: 'schedule', cron: '0 9 * * 6' });
    expect(
      compile('Every Monday at 10, draft the newsletter and schedule it to go out Tuesday morning')
        .trigger,
    ).toMatchObject({ type: 'schedule', cron: '0 10 * * 1' });
  });

  it('does not read a schedule into times the text only refers to', () => {
    const spec = compile(
      'We had an outage last weekend that nobody noticed. Ping https://api.example.com/health every 15 minutes and text me when it fails',
    );
    expect(spec.trigger).toMatchObject({ type: 'schedule', cron: '*/15 * * * *' });
    expect(compile('Chart our monthly active users from Mixpanel').trigger).toEqual({
      type: 'manual',
    });
  });
});

describe('services named in the description', () => {
  it('keeps every named service: integrations, or unavailable with what to do', () => {
    const named = namedBy(
      'When a new Typeform response comes in, add the person to Pipedrive and tell #sales in Slack',
    );
    for (const service of ['typeform', 'pipedrive', 'slack']) expect(named).toContain(service);
  });

  it('lists a service the catalog does not know by the name the description gives it', () => {
    const spec = compile(
      'Every Monday, pull last week’s leads from Realtyzen and add them to HubSpot',
    );
    expect(spec.unavailable?.map((u) => u.name)).toEqual(['Realtyzen']);
    expect(spec.unavailable?.[0]?.id).toBeUndefined();
  });

  it('reads a name of several words by its short words as written: "booking comes" is no Booking.com', () => {
    const spec = compile('When a booking comes through, schedule the cleaner in Turno.');
    expect(spec.unavailable?.map((u) => u.name)).toEqual(['Turno']);
    expect(
      compile('List the cabin on booking com and Airbnb').unavailable?.map((u) => u.id),
    ).toEqual(['booking-com', 'airbnb']);
  });

  it('reads the words of software work as words, not products: "the diff", "the config"', () => {
    for (const prompt of [
      'Whenever a merge request is opened on GitLab, check the diff for allocations in the hot loop',
      'every time a pulse survey response comes in on Typeform, recalc eNPS in the HR sheet',
    ]) {
      expect(compile(prompt).unavailable).toBeUndefined();
    }
  });

  it('reads no name inside a label of several words in quotes', () => {
    const spec = compile(
      "When new documents are added to the 'Smith v. Harlow' review set in Everlaw, flag any that look privileged",
    );
    expect(spec.unavailable?.map((u) => u.name)).toEqual(['Everlaw']);
    expect(spec.trigger).toMatchObject({ integration: 'everlaw', event: 'document.created' });
  });

  it('reads a name with "\'s" inside it whole, and never the speaker as a name', () => {
    const snitch = compile(
      "When one of our Dead Man's Snitch snitches goes missing, open a P2 request in Jira",
    );
    expect(snitch.unavailable?.map((u) => u.name)).toContain("Dead Man's Snitch");
    const flats = compile(
      "Everything comes through Hospitable. Whenever a new reservation comes through I'd like the guest to get a welcome email",
    );
    expect(flats.unavailable?.map((u) => u.name)).toEqual(['Hospitable']);
    expect(flats.trigger).toMatchObject({ integration: 'hospitable' });
  });

  it('reads a name glossed in brackets: its domain, its initials spelled out, its kind', () => {
    for (const [prompt, name] of [
      ['When someone new is added to nimble (nimble.com), email them our price sheet', 'nimble'],
      ['Oh Dear! (ohdear.app) watches our sites. When a check fails, post in #ops', 'Oh Dear'],
      ['when someone pushes to Beanstalk (beanstalkapp.com), review the diff', 'Beanstalk'],
      [
        'add the packing list to the camp in our OSM (Online Scout Manager)',
        'Online Scout Manager',
      ],
      [
        'our phone system (3CX) fires a webhook at this agent when a caller leaves a voicemail',
        '3CX',
      ],
    ] as const) {
      expect(compile(prompt).unavailable?.map((u) => u.name)).toContain(name);
    }
    // A domain in brackets after no such name may be anyone's site; a platform is no product.
    expect(compile('Check that our shop (acme.com) loads, every hour').unavailable).toBeUndefined();
    expect(compile('List the crashes of our app (Android) this week').unavailable).toBeUndefined();
  });

  it('reads everyday words as words: "close", "canvas" and "toggled" name no product', () => {
    const spec = compile(
      'When a feature flag is toggled in LaunchDarkly, close the old ticket and paint it on a canvas',
    );
    expect(spec.integrations.map((i) => i.id)).toEqual(['launchdarkly']);
    expect(spec.unavailable).toBeUndefined();
  });

  it('finds unknown products by what follows them, and names with a dot in them', () => {
    const first = compile('When a Zonky payment fails, email the customer a retry link');
    expect(first.unavailable?.map((u) => u.name)).toEqual(['Zonky']);
    expect(first.trigger).toMatchObject({ integration: 'zonky', event: 'payment.failed' });
    const second = compile('Whenever a Shop.io review arrives, thank the reviewer on Slack');
    expect(second.unavailable?.map((u) => u.name)).toEqual(['Shop.io']);
    expect(second.trigger).toMatchObject({ integration: 'shop', event: 'review.created' });
  });

  it('reads a name before a noun as a product, a domain as a name, and a name at a clause end', () => {
    for (const [prompt, name] of [
      [
        "Weekday mornings: run the saved Qorvix query 'DAU' and post the number in #growth",
        'Qorvix',
      ],
      ['Once that nightly Dataloom sync finishes, post the row counts in #data', 'Dataloom'],
      ['When a patient texts our Weave number after hours, reply with our opening hours', 'Weave'],
      ['when a trackerly.io check fails, open a Jira issue', 'trackerly.io'],
      ['when somebody applies on hirezo read the cv and score it 1-10', 'hirezo'],
      ['Pull every buyer lead from kvcore who asked about 3-bed homes', 'kvcore'],
      ['Whenever an Uptime Kuma heartbeat fails, text the on-call person', 'Uptime Kuma'],
      ['woodpecker fails on main → ntfy me the failing step', 'ntfy'],
      [
        'Each quarter, build a donations report with charts. Tools: Donorflow, Airtable',
        'Donorflow',
      ],
      [
        'new photo in our shared google photos album = post it to the family group',
        'google photos',
      ],
      ['Each time a new court filing shows up in PACER for our cases, email the attorney', 'PACER'],
      ['If support, open a ticket in our helpdesk (Kayako) and tag it', 'Kayako'],
      ['Compare the shipping rates on Shiprocket and Parcelzo for this parcel', 'Parcelzo'],
      [
        'after trips i paste the receipts and it splits them in splitfy between the 4 of us',
        'splitfy',
      ],
      [
        'check the disks every 30 minutes and send me a Pushover notification if one is full',
        'Pushover',
      ],
      [
        'every Friday, take occupancy and rent collected from Buildium and email the owners',
        'Buildium',
      ],
      ['write the translations and upload them to the Lokalise project', 'Lokalise'],
      // After "new" before a thing of its own; after an article; a number and a word; next in a
      // list of products; lower case where things are kept after "our".
      ['New Bonsai invoice paid → log it in our books sheet', 'Bonsai'],
      ['paste the vocab and turn it into a Memrise course for my class', 'Memrise'],
      ['every Friday pull the review scores from 7geese and email them to HR', '7geese'],
      ['compare our listings on Zillow and Realtor Plus', 'Realtor Plus'],
      ['post the summary on our lemmy, then thank the guest', 'lemmy'],
      // Looked into, or given in brackets, even when made of two words.
      ['every morning check freshping for downtime and tell #ops', 'freshping'],
      ['search loggly for timeouts every hour', 'loggly'],
      ['put the weekly traffic (goatcounter) in a sheet', 'goatcounter'],
      // Where something is sent, ending its phrase; after an indefinite article.
      ['send the text to lokalise for DE and FR translation', 'lokalise'],
      ['We ran a Kickstarter for our board game. If a backer cancels, log it', 'Kickstarter'],
      // After "the" and a word of what it holds that reads as a verb; where data is pulled from,
      // even beside words of places.
      ['email me the weekly Kissmetrics funnel report', 'Kissmetrics'],
      ['pull my top cities from Chartmetric and tell me where to tour', 'Chartmetric'],
      // (A name opening the sentence after its "When" starts at its own first word.)
      ['When Oh Dear (ohdear.app) reports broken links, create a task in Teamwork', 'Oh Dear'],
    ] as const) {
      expect(
        compile(prompt).unavailable?.map((u) => u.name.toLowerCase()),
        prompt,
      ).toContain(name.toLowerCase());
    }
  });

  it('takes software people host for a product, and what its events imply for its own', () => {
    const spec = compile(
      'we self-host OneDev. when someone opens a pull request there, do a first-pass review',
    );
    expect(spec.trigger).toMatchObject({ integration: 'onedev', event: 'pull_request.created' });
    expect(spec.unavailable?.map((u) => u.name)).toEqual(['OneDev']);
    expect(spec.integrations.map((i) => i.id)).toEqual([]);
    expect(spec.assumptions.join(' ')).not.toMatch(/GitHub/);
  });

  it('reads names that are everyday words where the product’s own things follow them', () => {
    for (const [prompt, id] of [
      ['sentry new issue -> linear ticket w/ stack trace', 'linear'],
      ['post the digest to our X account every Friday', 'x'],
      ['write an x thread from each new blog post', 'x'],
      ["add it to the 'Fit issues' notion db", 'notion'],
      // Where posts are written for, what is sent, where payments go through, a board's maker.
      ['turn each episode into two short posts for threads', 'threads'],
      ['when the backup fails, send me a telegram with the error', 'telegram'],
      ['after every sale goes through on square, log it in the sheet', 'square'],
      // Whose it is may stand between; a thing only a product has makes the name too.
      ['whenever somebody buys something on my square, log it in the sheet', 'square'],
      ['when a sale comes in on our square account, post it to #sales', 'square'],
      ['new file saved to box → summarise it in notion', 'box'],
      ['WHEN SOMEONE SUBS ON MY KICK CHANNEL SAY THANKS IN CHAT', 'kick'],
      ['move every item on our Monday board that is past due into Overdue', 'monday'],
      ['Mercury balance + Brex card spend, every morning at 8, as a Slack DM to me', 'mercury'],
      ['move the request to our monday board for the designers', 'monday'],
      ['search X for mentions of our brand every morning', 'x'],
      ['twice a day go through the PRs Renovate opened and approve the patch bumps', 'renovate'],
      // Words the development set writes for their product nearly every time, as nouns.
      ['stripe pmt fails -> email the customer a link to update the card', 'stripe'],
      ["sentry rule 'prod-error-spike' goes off -> page on-call in pagerduty", 'sentry'],
    ] as const) {
      const named = namedBy(prompt);
      expect(named, prompt).toContain(id);
    }
    expect(compile('list Quokka CRM opportunities with no activity').unavailable).toEqual([
      expect.objectContaining({ name: 'Quokka CRM' }),
    ]);
  });

  it('reads an everyday-word name by its capital, its list, its phrase and its use as a verb', () => {
    for (const [prompt, id] of [
      ["add the child's name to the trip list in Sheets", 'google-sheets'],
      ['please check our Backlog for issues over the due date', 'backlog'],
      ['save each translation as a new doc in the same Drive folder', 'google-drive'],
      ['rotate the stripe + postmark api keys stored in doppler', 'stripe'],
      ['health score turns red → slack the CSM and open a task in salesforce', 'slack'],
      ['send me a telegram whenever frost is forecast for the night', 'telegram'],
      ['missive shared inbox — mail from a client hits it → tag it priority', 'missive'],
      ['draft social copy into the notion content calendar db', 'notion'],
      ['every evening send me on telegram all Shiprocket shipments that are stuck', 'shiprocket'],
      ["when it is an idea, add it in Featurebase board 'Ideas'", 'featurebase'],
      ['send the approval request to my manager in teams chat', 'microsoft-teams'],
      ["rename the scanned pdfs in drive folder 'Scans March 2025' by date", 'google-drive'],
    ] as const) {
      const named = namedBy(prompt);
      expect(named, prompt).toContain(id);
    }
    for (const [prompt, id] of [
      ['Sprint planning: move the Product Backlog items into the sprint', 'backlog'],
      ['close the deal and signal the team', 'signal'],
      ["put the report in the Marketing folder 'Q3' in Google Drive", 'marketing'],
      ['Sheets of paper go to the printer', 'google-sheets'],
    ] as const) {
      const named = namedBy(prompt);
      expect(named, prompt).not.toContain(id);
    }
  });

  it('reads an everyday-word name standing alone where the common noun would take an article', () => {
    for (const [prompt, id] of [
      ["when a file lands in the 'Signed Leases' folder of box, rename it", 'box'],
      ["save it as a draft post in later with the customer's photo", 'later'],
      ['write captions for the new arrivals and schedule them through later', 'later'],
      ['rotate the api keys and redeploy the railway services after', 'railway'],
      ['look each new dependency up on socket for supply chain risk', 'socket'],
      ['msg to my telegram bot with a link → save to pocket w/ tags', 'pocket'],
      ['push the build to render', 'render'],
    ] as const) {
      expect(namedBy(prompt), prompt).toContain(id);
    }
    for (const [prompt, id] of [
      ['write the onboarding guide from scratch.', 'scratch'],
      ['keep the summary in line with the brand voice', 'line'],
      ['save the draft for later.', 'later'],
      ['put the spare cables in the box.', 'box'],
      ['list the results in rows.', 'rows'],
      ['I want to render the invoices as PDF', 'render'],
      ['send a wave of service reminders to the tenants', 'wave'],
      ['I check the forecast and tell you what clothes to bring', 'bring'],
      ['queue in line for the doors to open', 'line'],
    ] as const) {
      expect(namedBy(prompt), prompt).not.toContain(id);
    }
  });

  it('reads a short name in a list of products, not a letter in a list of letters', () => {
    expect(namedBy('when i go live on twitch, post on bluesky, x and in my discord')).toContain(
      'x',
    );
    expect(namedBy('share it on linkedin, x and threads')).toContain('x');
    expect(namedBy('rate it on a scale of 1, x and y')).not.toContain('x');
  });

  it('knows peoples and their tongues by their endings, not words that only end so', () => {
    for (const word of ['Spanish', 'British', 'Bavarian', 'Mexican', 'Kenyan', 'European', 'Texan'])
      expect(isLanguage(word), word).toBe(true);
    for (const word of ['Jellyfish', 'Publish', 'Finish', 'Plan', 'Ocean', 'Urban', 'Human'])
      expect(isLanguage(word), word).toBe(false);
  });

  it('reads a capitalised word no dictionary knows, looked into, as a product', () => {
    for (const [prompt, name] of [
      ['when someone submits a request, check Quartzy to see if we have it in stock', 'quartzy'],
      ['every monday at 7am, check Fleetio for vehicles that are due for service', 'fleetio'],
      // ... or the subject of a sentence that says what it is or does.
      ['Quartzy is what we use; check the stock sheet', 'quartzy'],
    ] as const) {
      expect(namedBy(prompt), prompt).toContain(name);
    }
    for (const [prompt, name] of [
      ['suggest a meeting slot for me (Lisbon), Priya (Bangalore) and Tom', 'bangalore'],
      ['Aisha is out, so check the stock sheet', 'aisha'],
      // (Not a thing "the" names, ending its phrase; a town things come from is a place.)
      ['write a short mail to the Reinigungsfirma with the dates', 'reinigungsfirma'],
      ['open an issue so we can update the Dockerfiles.', 'dockerfiles'],
      ['pull the list of hotels from Bielefeld and email me', 'bielefeld'],
      // (A field of a thing, after its "'s".)
      ["when a row's Status changes to Approved in Airtable, post it", 'status'],
      ['When Oh Dear (ohdear.app) reports broken links, create a task in Teamwork', 'when-oh-dear'],
    ] as const) {
      expect(namedBy(prompt), prompt).not.toContain(name);
    }
  });

  it('reads names in a list, as a subject, with two capitals, and in a description in capitals', () => {
    for (const [prompt, id] of [
      ['total the refunds from Shopify and square for the month', 'square'],
      ['when twitch goes live, post the link to #general in Slack', 'twitch'],
      ['every friday check Homerun for new applicants to the cook job', 'homerun'],
      ['EVERY MORNING EMAIL ME YESTERDAY’S SALES FROM SQUARE AND SHOPIFY', 'square'],
    ] as const) {
      expect(namedBy(prompt), prompt).toContain(id);
    }
    for (const prompt of [
      'draw a square and a circle in Figma, then share it in Slack',
      'post it to Slack and later check the numbers',
    ]) {
      expect(namedBy(prompt), prompt).not.toContain('square');
      expect(namedBy(prompt), prompt).not.toContain('later');
    }
    expect(
      compile('whenever a shift swap is requested in QTime, tell the manager').unavailable,
    ).toEqual([expect.objectContaining({ name: 'QTime' })]);
    // The kind of product after its name is part of the name.
    expect(
      compile('Our game repo lives on Plastic SCM; review each changeset').unavailable,
    ).toEqual([expect.objectContaining({ name: 'Plastic SCM' })]);
    // Four capitals that spell a word, ending their phrase, are a name; not in a shouted text.
    expect(
      compile('When a new matter is opened in LEAP, create the client folder').unavailable,
    ).toEqual([expect.objectContaining({ name: 'LEAP' })]);
    expect(compile('put the export in TEXT format and email it to me').unavailable).toBe(undefined);
    expect(namedBy('WHEN A SALE COMES IN ON SHOPIFY POST IT IN CHAT')).not.toContain('chat');
    // A name ending like a people's or a language's is a product when no dictionary knows it.
    expect(compile('plan the deliveries in Routific and text each driver').unavailable).toEqual([
      expect.objectContaining({ name: 'Routific' }),
    ]);
    expect(compile('translate the menu into Arabic and save it in Notion').unavailable).toBe(
      undefined,
    );
    // A publisher the drafts are written for is named, so it is in the agent too.
    expect(namedBy('Draft posts for LinkedIn and save them in Notion')).toEqual(
      expect.arrayContaining(['linkedin', 'notion']),
    );
    // A service named beside those a message is sent to stays: "send our Brevo contacts ...".
    expect(
      compile('every month send our Sendlane subscribers a digest of the new blog posts')
        .unavailable,
    ).toEqual([expect.objectContaining({ name: 'Sendlane' })]);
    const shouted = compile('EVERY FRIDAY AT 5PM EMAIL ME THE WEEK’S ORDERS FROM SHOPIFY');
    expect(shouted.summary).toBe('Every friday at 5pm email me the week’s orders from shopify.');
  });

  it('reads the thing a hyphenated compound describes as the event’s thing', () => {
    expect(
      compile('whenever a nurse submits a sick-day request in Zenefits, post it to #hr in Slack')
        .trigger,
    ).toMatchObject({ type: 'event', event: 'request.created' });
  });

  it('does not take a plan, a weekday talked of or a service of ours for a product or a time', () => {
    const spec = compile(
      'Whenever a new message arrives in Front from someone on the Enterprise plan, tag it priority',
    );
    expect(spec.trigger).toMatchObject({ integration: 'front' });
    expect(spec.unavailable ?? []).not.toContainEqual(
      expect.objectContaining({ name: 'Enterprise' }),
    );
    expect(
      compile(
        'every day at 7am pull yesterday’s signups from Mixpanel and compare them to the same weekday last week',
      ).trigger,
    ).toMatchObject({ cron: '0 7 * * *' });
    expect(
      compile('restart the api deployment on our staging kubernetes cluster').integrations.map(
        (i) => i.id,
      ),
    ).not.toContain('http-request');
    expect(
      compile('raygun new error group → linear bug w/ device + OS breakdown').integrations.map(
        (i) => i.id,
      ),
    ).toContain('linear');
  });

  it('puts the languages\' "new" before its noun, and leaves English as written', () => {
    expect(normalize('cada vez que entra un pedido nuevo en Tiendanube')).toBe(
      'every time arrives a new order in Tiendanube',
    );
    expect(normalize('cuando se cae un monitor en Hyperping, mándame un SMS')).toBe(
      'When a monitor goes down in Hyperping, mándame a SMS',
    );
    expect(normalize('quand je le lance, vérifie la licence')).toBe(
      'when I run it, vérifie la licence',
    );
    expect(normalize("What's new in Slack today")).toBe("What's new in Slack today");
    expect(normalize('anything new on Product Hunt, post it')).toBe(
      'anything new on Product Hunt, post it',
    );
  });

  it('reads each thing someone puts somewhere as it is put, and an album as a label', () => {
    const spec = compile(
      "Any photo I add to the 'Receipts' album in Google Photos should become a transaction in YNAB",
    );
    expect(spec.trigger).toMatchObject({ type: 'event', integration: 'google-photos' });
    expect(spec.unavailable?.map((u) => u.name)).not.toContain('Receipts');
    expect(compile('every email I got from Acme last week in Gmail, summarise it').trigger).toEqual(
      { type: 'manual' },
    );
  });

  it('reads a release or an issue that comes or goes out as published', () => {
    expect(
      compile('When a new Django release comes out on PyPI, check our code for deprecated APIs')
        .trigger,
    ).toMatchObject({ type: 'event', integration: 'pypi', event: 'release.published' });
    expect(
      compile('Each time a campaign goes out from EmailOctopus, post it on our Hashnode blog')
        .trigger,
    ).toMatchObject({ type: 'event', integration: 'emailoctopus', event: 'campaign.published' });
  });

  it('reads events told in Hindi, Spanish and French words', () => {
    expect(
      compile(
        'jab bhi Gorgias pe missing package ke baare me koi ticket aaye, AfterShip me tracking check karo',
      ).trigger,
    ).toMatchObject({ type: 'event', integration: 'gorgias', event: 'ticket.created' });
    expect(normalize('WATI pe naya WhatsApp message aaye toh check karo')).toBe(
      'WATI on new WhatsApp message arrives toh check karo',
    );
    // (A name's own letters stay: "PhonePe", "Phone Pe".)
    expect(normalize('pay with Phone Pe or PhonePe')).toBe('pay with Phone Pe or PhonePe');
    expect(
      compile(
        'Quand une nouvelle vidéo est prête dans Mux, génère un titre, then post it on Discord',
      ).trigger,
    ).toMatchObject({ type: 'event', integration: 'mux', event: 'asset.ready' });
    expect(normalize('cada vez que alguien inicia un chat en Zoho SalesIQ')).toBe(
      'every time someone starts a chat in Zoho SalesIQ',
    );
    const french = compile(
      'Quand une réservation de plus de 8 personnes arrive sur Zenchef, envoie-moi un message WhatsApp et ajoute-la dans le Google Agenda du resto.',
    );
    expect(french.trigger).toMatchObject({ type: 'event', integration: 'zenchef' });
    expect(french.integrations.map((i) => i.id)).toContain('google-calendar');
  });

  it('reads a request in another language as a request', () => {
    expect(
      compile('Cuando te lo pida, translate my letter in Google Docs into Spanish').trigger,
    ).toEqual({ type: 'manual' });
    expect(
      compile('Elke werkdag om 6:45: check the rain radar and message me on Telegram').trigger,
    ).toMatchObject({ type: 'schedule', cron: '45 6 * * 1-5' });
  });

  it('leaves everyday words their everyday sense', () => {
    for (const prompt of [
      'send me a signal when the report is done',
      'order a square table for the office',
      'paint our square blue and post a photo to #office',
      'put the keys in my square box on the desk',
      'kick off the onboarding for each new hire in BambooHR',
      'ask each churned customer in HubSpot about their motive for leaving',
      'prepare the slides for the Monday board meeting and share them in #leadership',
      'remind me to keep a healthy work balance and take breaks',
      'we plan to renovate the office kitchen next spring',
      'post the threads of the discussion in our wiki',
    ]) {
      const named = namedBy(prompt);
      expect(named, prompt).not.toContainEqual(
        expect.stringMatching(/^(?:signal|square|threads|renovate|kick|motive|monday|close)$/),
      );
    }
  });

  it('reads the abbreviations teams write for their tools, in capitals', () => {
    expect(namedBy('new PR in ADO for the Mobile repo → summarise the changes')).toEqual([
      'azure-devops',
    ]);
    expect(namedBy('QB payment received → thank-you email to the client')).toContain('quickbooks');
    expect(namedBy('when PD fires for the payments service, open a channel in slack')).toContain(
      'pagerduty',
    );
    expect(namedBy('email the PD report to the chief')).not.toContain('pagerduty');
    expect(namedBy('without further ado, email me the sales report every friday')).not.toContain(
      'azure-devops',
    );
  });

  it('takes the longest name the catalog knows: a product of a vendor is not the vendor', () => {
    expect(
      namedBy('pull recent activity from LinkedIn Sales Navigator and send the AE a brief'),
    ).toContain('linkedin-sales-navigator');
    expect(
      namedBy('pull recent activity from LinkedIn Sales Navigator and send the AE a brief'),
    ).not.toContain('linkedin');
    expect(
      namedBy('when we get a new review on the shopify app store, post it to #reviews'),
    ).toEqual(expect.arrayContaining(['shopify-app-store', 'slack']));
    expect(
      namedBy('when we get a new review on the shopify app store, post it to #reviews'),
    ).not.toContain('shopify');
  });

  it('reads a product named like a verb done again as the verb when a request opens with it', () => {
    for (const prompt of [
      'resend the invoice to the client if unpaid after 7 days',
      'Resend failed mailchimp campaigns every morning',
      'check the sheet, then resend any bounced invites',
    ]) {
      expect(namedBy(prompt), prompt).not.toContain('resend');
    }
    expect(namedBy('resend the invoice to the client if unpaid after 7 days')).toContain('email');
    for (const prompt of [
      'send the weekly newsletter with resend every friday',
      'when Resend reports a bounce, remove the contact in HubSpot',
    ]) {
      expect(namedBy(prompt), prompt).toContain('resend');
    }
  });

  it('sends by the product named as what sends, and leaves out a product named as not used', () => {
    expect(namedBy('every evening send each patient a reminder SMS via ClickSend')).toEqual([
      'clicksend',
    ]);
    expect(namedBy('text the patient back from Weave with our booking link')).toEqual(['weave']);
    expect(namedBy('send an SMS via Twilio to the on-call')).toEqual(['twilio']);
    expect(
      namedBy("send me my first 3 meetings on Telegram (they're in Outlook, not Google Calendar)"),
    ).not.toContain('google-calendar');
    expect(namedBy('post it in Teams, not Slack')).toEqual(['microsoft-teams']);
  });

  it('sends by e-mail what goes to a person with no channel named, or by the mail product named', () => {
    expect(namedBy('send the quote to the customer when I give you the items')).toEqual(['email']);
    expect(
      namedBy('write the quote from our price list, then send it by Gmail to the customer'),
    ).toEqual(['gmail']);
  });

  it('does not take a time, a language of code or an address for a product', () => {
    for (const prompt of [
      'I meet the founders of Brightwave tomorrow morning: pull what we have on them from HubSpot',
      'Every Friday compare our Python dependencies with PyPI and open a GitHub issue for old ones',
      'Read the current page at acme.com/pricing and write three hero headlines',
      'Organise the files in my Downloads folder into subfolders by type',
      'make this csv into json',
      'Whenever a page is created in our Blog database in Notion, write an SEO meta description',
      'Find the most cited papers on CRISPR base editing and add them to my Zotero library',
      'When a deal moves to Closed Won in HubSpot, post a celebration to #sales',
      'export the grade 9 marks and list the students below 60%',
    ]) {
      const unavailable = compile(prompt).unavailable?.map((u) => u.name) ?? [];
      expect(
        unavailable.filter((name) => /Brightwave|Python|acme/.test(name)),
        prompt,
      ).toEqual([]);
    }
  });

  it('does not take a channel or a handle for a product: "#billing" is not BILL', () => {
    const spec = compile('When a Stripe payment fails, ping #billing and @close-team on Slack');
    expect(spec.unavailable).toBeUndefined();
    expect(spec.integrations.map((i) => i.id).sort()).toEqual(['slack', 'stripe']);
  });

  it('does not take jargon that is looked into for a product', () => {
    for (const prompt of [
      'check backend for errors',
      'check signup for bugs',
      'check codebase for todos',
      // An infinitive after a verb, a misspelt verb with its object, a kind of thing after "a".
      'send them a kind email offering to rebook and let me know',
      'send the report to analize the data',
      'Given a Bates range, pull those documents and list who said what',
    ])
      expect(compile(prompt).unavailable ?? [], prompt).toEqual([]);
  });

  it('does not take a city of 100,000 people for a product, beside the products named', () => {
    for (const [prompt, city, products] of [
      [
        'We run a physiotherapy clinic in Leeds. When someone books on Calendly, text them a reminder via Twilio',
        'Leeds',
        ['calendly'],
      ],
      ['Find 20 dental clinics in Lyon with email and phone for our Attio CRM', 'Lyon', ['attio']],
      [
        'I rent 2 flats on Hospitable in Bologna; answer guests who ask about check-in',
        'Bologna',
        ['hospitable'],
      ],
    ] as const) {
      const spec = compile(prompt);
      const unavailable = (spec.unavailable ?? []).map((u) => u.name);
      expect(unavailable, prompt).not.toContain(city);
      const named = [...spec.integrations, ...(spec.unavailable ?? [])].map((s) => s.id);
      expect(named, prompt).toEqual(expect.arrayContaining([...products]));
    }
  });

  it('does not take places, people or languages for products', () => {
    for (const prompt of [
      'Find 20 bakeries in Portugal and Ohio with their websites and add them to Airtable',
      'Every morning at 7, email me the weather in Lisbon',
      'Translate our latest WordPress post into Spanish and save it as a draft',
      'Email the summary to Priya every Friday',
    ]) {
      expect(compile(prompt).unavailable, prompt).toBeUndefined();
    }
  });
});

describe('descriptions too vague to build from', () => {
  it.each([
    'asdf qwer zxcv',
    'help',
    'test',
    'make my business better',
    'do the thing we discussed on the Henderson call',
    'what can you do?',
    'jkl; uiop 42',
    'ugh, maybe something with notion?',
    'Every Tuesday, do the stuff we talked about',
    'could you just automate everything for my store?',
    // One word, even a service's; a wish said of a service; "handle the alerts".
    'invoices!!',
    'hubspot?',
    'help our etsy shop grow',
    'help me with Salesforce',
    'I want our team to be more productive this quarter',
    'just handle the tickets',
    // One word of substance said twice, or beside a placeholder; "the usual".
    'asdfjkl test test',
    'asdf agent test 123 lkjh',
    'Can you do the usual for Monday?',
    // A built-in only hinted at ("last time" for memory) is no service named.
    'make it better than last time',
    // A wish that only "saves time"; a rhythm with a shrug and no work.
    'idk, something for work that saves time??',
    'blue banana protocol, weekly, u know',
    // A question about the product itself; work done before, only pointed at; a request said
    // politely is no question about something.
    'what integrations do you guys support?',
    'is there a mobile app?',
    // ... whatever product or rhythm the question names.
    'does it work with trello??',
    'how much does spoke cost per year?',
    'are my passwords safe with you?',
    // A sigh and a day; a service and what it should be like, with no work.
    'ugh fridays',
    'something fun with airtable',
    'can I use this on my phone?',
    'the thing with the sheets again pls',
    "could you do the usual for Dave's thing, but better this time?",
  ])('"%s" gets a question', (prompt) => {
    const outcome = compileOffline({ prompt, now: NOW });
    expect('question' in outcome && outcome.question).toMatch(/\?/);
  });

  it.each([
    'translate this to German',
    'can you translate this into Spanish?',
    'what are our top 5 products by revenue this month in Shopify?',
    'give me five subject lines for our launch email',
    'summarise my unread Gmail',
    // Terse work: reading through a mailbox, filling in fields of a product not in the catalog.
    'go thru my outlook, every email abt the Henley lease contract -> timeline w/ dates',
    'fill empty product descriptions in salsify for the new SKUs. brand voice = playful',
    // A conversion is work, and so is sending something to someone.
    'make this csv into json',
    'email the invoice to the client if unpaid after 7 days',
    // Written in another script, with a service named in Latin letters.
    'kintoneの「問い合わせ」アプリに新しいレコードが追加されたら、内容を要約してChatworkのサポートグループに投稿してください。',
    // A question about a thing, however little else is said; a rhythm with work in it.
    'I need a second pair of eyes on https://bitbucket.org/acme/checkout/pull-requests/88 - is the raw SQL in OrderRepository injection-safe?',
    'every Monday, you know, summarise the open PRs for me',
    // A question about the product, then a job.
    'does this work with Linear? every Friday email me the closed issues',
    // In another script: a schedule and work, with the services named in it.
    '每天早上8点半，从有赞后台拉取昨天的订单，发到我们的企业微信群里。',
  ])('"%s" gets an agent', (prompt) => {
    expect('question' in compileOffline({ prompt, now: NOW })).toBe(false);
  });
});
