import type { Integration } from '../types.ts';
import { event, known } from './define.ts';

/** Forms and surveys. */
export const FORM_INTEGRATIONS: readonly Integration[] = [
  {
    id: 'typeform',
    name: 'Typeform',
    category: 'Productivity',
    description:
      "Build forms and read Typeform responses and insights through Typeform's hosted server.",
    keywords: ['typeform', 'typeform response', 'typeform responses'],
    aliases: ['type form', 'typeform.com'],
    provider: { kind: 'remote', url: 'https://api.typeform.com/mcp', transport: 'streamable-http' },
    source: 'https://www.typeform.com/developers/mcp/',
    registryName: 'dev.spoke.catalog/typeform',
    env: [],
    events: [
      event('response.submitted', 'Form response submitted', [
        'new typeform response',
        'new typeform submission',
        'typeform is submitted',
        'someone fills in the typeform',
      ]),
    ],
    tools: [],
  },
  known({
    id: 'google-forms',
    name: 'Google Forms',
    category: 'Productivity',
    description: 'Google Forms surveys, quizzes and their responses.',
    website: 'https://www.google.com/forms/about/',
    keywords: ['google forms', 'google form', 'google form responses'],
    aliases: ['gforms', 'google forms survey'],
  }),
  known({
    id: 'tally',
    name: 'Tally',
    category: 'Productivity',
    description: 'Tally forms and the submissions they collect.',
    website: 'https://tally.so',
    keywords: ['tally form', 'tally forms', 'tally.so'],
    aliases: ['tally.so', 'tally forms'],
    events: [
      event('form.submitted', 'Form submitted', [
        'new tally submission',
        'tally form is submitted',
      ]),
    ],
  }),
  known({
    id: 'jotform',
    name: 'Jotform',
    category: 'Productivity',
    description: 'Jotform online forms, approvals and their submissions.',
    website: 'https://www.jotform.com',
    keywords: ['jotform', 'jotform submission', 'jotform submissions'],
    aliases: ['jot form', 'jotform.com'],
    events: [
      event('submission.created', 'Submission received', [
        'new jotform submission',
        'jotform is submitted',
      ]),
    ],
  }),
  known({
    id: 'surveymonkey',
    name: 'SurveyMonkey',
    category: 'Productivity',
    description: 'SurveyMonkey surveys and the responses they collect.',
    website: 'https://www.surveymonkey.com',
    keywords: ['surveymonkey', 'surveymonkey response', 'surveymonkey survey'],
    aliases: ['survey monkey', 'surveymonkey.com'],
    events: [
      event('response.completed', 'Response completed', [
        'new surveymonkey response',
        'surveymonkey survey is completed',
      ]),
    ],
  }),
  known({
    id: 'qualtrics',
    name: 'Qualtrics',
    category: 'Productivity',
    description: 'Qualtrics surveys, responses, contacts and experience management.',
    website: 'https://www.qualtrics.com',
    keywords: ['qualtrics', 'qualtrics survey', 'qualtrics response'],
    aliases: ['qualtrics xm', 'qualtrics.com'],
    events: [
      event('response.completed', 'Response completed', [
        'new qualtrics response',
        'someone completes the qualtrics survey',
      ]),
    ],
  }),
  known({
    id: 'microsoft-forms',
    name: 'Microsoft Forms',
    category: 'Productivity',
    description: 'Microsoft Forms surveys, quizzes and their responses.',
    website: 'https://forms.office.com',
    keywords: ['microsoft forms', 'ms forms', 'microsoft form'],
    aliases: ['ms forms', 'office forms', 'forms.office.com'],
    events: [
      event('response.created', 'Response submitted', [
        'new microsoft forms response',
        'someone submits the microsoft form',
      ]),
    ],
  }),
  known({
    id: 'fillout',
    name: 'Fillout',
    category: 'Productivity',
    description: 'Fillout forms, surveys and quizzes with their submissions.',
    website: 'https://www.fillout.com',
    keywords: ['fillout', 'fillout form', 'fillout submission'],
    aliases: ['fillout.com', 'fillout forms'],
    events: [event('submission.created', 'Form submitted', ['new fillout submission'])],
  }),
  known({
    id: 'wufoo',
    name: 'Wufoo',
    category: 'Productivity',
    description: 'Wufoo online forms and entries.',
    website: 'https://www.wufoo.com',
    keywords: ['wufoo', 'wufoo form'],
    aliases: ['wufoo form'],
    events: [
      event('entry.created', 'Entry submitted', ['new wufoo entry', 'wufoo form submitted']),
    ],
  }),
  known({
    id: 'gravity-forms',
    name: 'Gravity Forms',
    category: 'Productivity',
    description: 'Gravity Forms entries on WordPress sites.',
    website: 'https://www.gravityforms.com',
    keywords: ['gravity forms', 'gravityforms', 'gravity form'],
    aliases: ['gravityforms', 'gravity form'],
    events: [
      event('submission.created', 'Entry submitted', [
        'new gravity forms entry',
        'gravity form submitted',
      ]),
    ],
  }),
  known({
    id: 'delighted',
    name: 'Delighted',
    category: 'Support',
    description: 'Delighted NPS, CSAT and CES survey responses.',
    website: 'https://delighted.com',
    keywords: ['delighted', 'delighted nps'],
    aliases: ['delighted nps'],
    events: [
      event('response.created', 'Survey response', [
        'new delighted response',
        'delighted nps response comes back',
      ]),
    ],
  }),
  known({
    id: 'survicate',
    name: 'Survicate',
    category: 'Support',
    description: 'Survicate surveys and responses.',
    website: 'https://survicate.com',
    keywords: ['survicate', 'survicate.com'],
    aliases: ['survicate.com'],
    events: [event('response.created', 'Survey response', ['new survicate response'])],
  }),
  known({
    id: 'signupgenius',
    name: 'SignUpGenius',
    category: 'Productivity',
    description: 'SignUpGenius volunteer and event sign-up sheets.',
    website: 'https://www.signupgenius.com',
    keywords: ['signupgenius', 'sign up genius'],
    aliases: ['sign up genius'],
    events: [
      event('signup.created', 'Sign-up made', [
        'someone signs up on signupgenius',
        'new signupgenius signup',
      ]),
    ],
  }),
  known({
    id: 'unbounce',
    name: 'Unbounce',
    category: 'Content',
    description: 'Unbounce landing pages and form submissions.',
    website: 'https://unbounce.com',
    keywords: ['unbounce', 'unbounce.com'],
    aliases: ['unbounce.com'],
    events: [
      event('submission.created', 'Form submitted', [
        'new unbounce lead',
        'unbounce form submitted',
      ]),
    ],
  }),
  known({
    id: 'paperform',
    name: 'Paperform',
    category: 'Productivity',
    description:
      'Paperform online forms, quizzes, booking and payment pages, and their submissions.',
    website: 'https://paperform.co',
    keywords: ['paperform', 'paperform submission', 'paperform.co'],
    aliases: ['paperform.co'],
    events: [
      event('submission.created', 'Form submitted', [
        'new paperform submission',
        'someone submits a paperform form',
      ]),
    ],
  }),
  known({
    id: 'formstack',
    name: 'Formstack',
    category: 'Productivity',
    description:
      'Formstack online forms, document generation and e-signatures: forms and submissions.',
    website: 'https://www.formstack.com',
    keywords: ['formstack', 'formstack form', 'formstack submission'],
    aliases: ['form stack', 'formstack.com', 'formstack forms'],
    events: [
      event('submission.created', 'Form submitted', [
        'new formstack submission',
        'someone fills in the formstack form',
      ]),
    ],
  }),
  known({
    id: 'zonka-feedback',
    name: 'Zonka Feedback',
    category: 'Productivity',
    description:
      'Zonka Feedback surveys: NPS, CSAT and CES responses from web, email, SMS and kiosks.',
    website: 'https://www.zonkafeedback.com',
    keywords: ['zonka feedback', 'zonka', 'zonkafeedback'],
    aliases: ['zonka', 'zonkafeedback', 'zonkafeedback.com'],
  }),
];
