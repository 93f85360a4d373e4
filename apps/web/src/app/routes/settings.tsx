import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { EmailRecipients } from '#web/features/settings/components/email-recipients.tsx';
import { PasswordForm } from '#web/features/settings/components/password-form.tsx';
import { ProfileForm } from '#web/features/settings/components/profile-form.tsx';
import { SectionCard } from '#web/components/ui/section-card.tsx';
import { SessionList } from '#web/features/settings/components/session-list.tsx';
import { ApiTokens } from '#web/features/workspace/components/api-tokens.tsx';

// Settings combine the account's own settings with its API tokens (managed on Workspace too).

export function Component() {
  usePageTitle('Settings');
  const { user } = useAuth();
  if (!user) return null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
      <p className="mt-2 text-slate-600">
        Your profile, password, signed-in devices and API tokens.
      </p>
      <div className="mt-8 space-y-6">
        <SectionCard
          id="profile-heading"
          title="Profile"
          description="Your display name is shown across Spoke; without one, your username is."
        >
          {/* Keyed by user, so the form starts over if someone else signs in on this tab. */}
          <ProfileForm key={user.id} user={user} />
        </SectionCard>
        <SectionCard
          id="password-heading"
          title="Password"
          description="Changing your password signs out every other device."
        >
          <PasswordForm />
        </SectionCard>
        <SectionCard
          id="sessions-heading"
          title="Your sessions"
          description="Devices and browsers signed in to your account."
        >
          <SessionList />
        </SectionCard>
        <SectionCard
          id="tokens-heading"
          title="API tokens"
          description="Tokens for programs such as the spoke CLI. Each one is shown once, when it is created."
        >
          <ApiTokens headingId="tokens-heading" />
        </SectionCard>
        <EmailRecipients />
      </div>
    </div>
  );
}
