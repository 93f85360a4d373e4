import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { accountLinksFor } from './nav-links.ts';
import { profileTrigger } from './profile-trigger.ts';
import { useSignOut } from './use-sign-out.ts';

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-800';

/** The signed-in user's menu. Loaded on demand, so signed-out visitors never download it. */
export function ProfileMenu() {
  const { user, isAdmin } = useAuth();
  const signOut = useSignOut();

  return (
    // Not modal, and rendered inside the navbar: the rest of the page stays in the accessibility
    // tree (a modal menu hides it, links and all), and the menu stays in the navigation landmark.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={profileTrigger}>
        <UserRound aria-hidden="true" className="size-4" />
        Profile
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        {user && (
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-600">
            Signed in as <span className="font-semibold text-slate-800">{user.username}</span>
          </DropdownMenu.Label>
        )}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        {accountLinksFor(isAdmin).map((link) => (
          <DropdownMenu.Item key={link.to} asChild className={item}>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item className={item} onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" className="size-4" />
          Sign Out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
