import { eq } from 'drizzle-orm';
import type { Mailer as AgentMailer } from '@spoke/agents';
import { requireVerifiedEmail } from '../account/guards.ts';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { normalEmail, type EmailRecipientService } from './email-recipients.ts';

/** Put before every subject an agent writes: no agent's mail reads as the platform's own. */
export const agentSubject = (username: string, subject: string) =>
  `[Agent of ${username}] ${subject}`;

/** The lines that close every agent's mail: who sent it, and why the reader gets it. */
export function agentFooter(username: string, toOwner: boolean, appUrl: string): string {
  return [
    '',
    '-- ',
    `Sent by an agent of ${username} on Spoke. Spoke did not write this message.`,
    toOwner
      ? 'You get it as the agent’s owner.'
      : `You get it because you allowed ${username}’s agents to e-mail you.`,
    `Replies go to ${username}. Report abuse: ${appUrl}/contact`,
  ].join('\n');
}

/**
 * The mailer the send_email built-in uses: only for owners with a verified address, only to
 * that address or to addresses that allowed it, within the daily limit, and never dressed as a
 * platform message. A refusal rejects with the reason, which the run's step shows.
 */
export function createAgentMailer(deps: {
  db: Db;
  mailer: Mailer;
  recipients: EmailRecipientService;
  appUrl: string;
}): AgentMailer {
  return {
    async send(message) {
      const [agent] = await deps.db
        .select({ userId: agents.userId })
        .from(agents)
        .where(eq(agents.id, message.agentId));
      if (!agent) throw new Error('the agent no longer exists');
      const owner = await deps.recipients.owner(agent.userId);
      requireVerifiedEmail({ email_verified: owner.emailVerified });
      const to = [...new Set(message.to.map(normalEmail))];
      const refused = await deps.recipients.unconfirmed(owner, to);
      if (refused.length) {
        throw new Error(
          `${refused.join(', ')} ${refused.length === 1 ? 'has' : 'have'} not allowed ${owner.username}’s agents to e-mail ${refused.length === 1 ? 'it' : 'them'}. Your agents may e-mail your own verified address, or addresses you add under Account → E-mail recipients once their owner confirms.`,
        );
      }
      await deps.recipients.reserve(owner.id, to.length);
      const own = normalEmail(owner.email);
      // One message per recipient: each is told why it gets it, and no one sees the others.
      let id = '';
      for (const address of to) {
        const sent = await deps.mailer.send({
          to: address,
          subject: agentSubject(owner.username, message.subject),
          text: `${message.text}\n${agentFooter(owner.username, address === own, deps.appUrl)}`,
          replyTo: owner.email,
          headers: {
            'Auto-Submitted': 'auto-generated',
            'X-Spoke-Agent-Owner': owner.username,
          },
        });
        id ||= sent.id;
      }
      return { id };
    },
  };
}
