import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from './admin-cli.ts';
import { register, startTestApp, testDatabaseUrl } from './test/harness.ts';

// The command opens the database itself, so the app runs on a database that outlives it:
// PGlite on disk, or a PostgreSQL database of its own.
const db = await testDatabaseUrl();
const databaseUrl = db.url === 'memory://' ? undefined : db.url;
afterAll(async () => {
  await db.drop();
});

describe('npm run admin', () => {
  it('grants and revokes the admin flag by e-mail', async () => {
    const first = await startTestApp({ databaseUrl });
    const u = await register(first.app);
    expect(u.user.is_admin).toBe(false);
    await first.app.close();
    const env = { DATA_DIR: first.config.dataDir, DATABASE_URL: databaseUrl ?? '' };

    expect(await runAdmin(['grant', u.user.email.toUpperCase()], env)).toBe(
      `${u.user.email} is now an admin.`,
    );
    expect(await runAdmin(['list'], env)).toContain(u.user.email);

    const second = await startTestApp({ databaseUrl, dataDir: first.config.dataDir });
    const me = await second.app.inject({
      url: '/api/account/me',
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(me.json().data.user.is_admin).toBe(true);
    await second.app.close();

    expect(await runAdmin(['revoke', u.user.email], env)).toBe(
      `${u.user.email} is no longer an admin.`,
    );
  });

  it('explains its usage and unknown accounts', async () => {
    await expect(runAdmin(['promote'], {})).rejects.toThrow(/Usage: npm run admin/);
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spoke-admin-')),
      DATABASE_URL: databaseUrl ?? '',
    };
    await expect(runAdmin(['grant', 'ghost@example.com'], env)).rejects.toThrow(
      'No account with the email ghost@example.com.',
    );
  });
});
