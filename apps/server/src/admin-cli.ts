import { sql } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { users } from './db/schema.ts';
import { isListedAdmin, normalizeAdminEmail } from './modules/account/admin-emails.ts';

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

/** Grants or revokes the admin flag; returns the message to print, throws on misuse. */
export async function runAdmin(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const [action, email] = args;
  if (action !== 'list' && (!email || (action !== 'grant' && action !== 'revoke'))) {
    throw new Error(USAGE);
  }
  const config = loadConfig(env);
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  try {
    if (action === 'list') {
      // An admin needs a proven address, whether flagged or listed.
      const rows = await database.db
        .select({ email: users.email })
        .from(users)
        .where(sql`${users.isAdmin} = true and ${users.emailVerified} = true`);
      const fromEnv = config.adminEmails.map(
        (e) => `${normalizeAdminEmail(e)} (ADMIN_EMAILS, once the address is verified)`,
      );
      const all = [...rows.map((r) => r.email), ...fromEnv];
      return all.length ? all.join('\n') : 'No admins yet.';
    }
    const updated = await database.db
      .update(users)
      .set({ isAdmin: action === 'grant', updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email!.toLowerCase()}`)
      .returning({ email: users.email });
    if (updated.length === 0) throw new Error(`No account with the email ${email}.`);
    const note =
      action === 'revoke' && isListedAdmin(config.adminEmails, updated[0]!.email)
        ? ' (still an admin through ADMIN_EMAILS)'
        : '';
    return action === 'grant'
      ? `${updated[0]!.email} is now an admin.`
      : `${updated[0]!.email} is no longer an admin${note}.`;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  runAdmin(process.argv.slice(2))
    .then((message) => console.log(message))
    .catch((err: Error) => {
      console.error(err.message);
      process.exitCode = 1;
    });
}
