import { screen } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';

let mode: string | undefined = 'bubblewrap';
let model: string | undefined;

function api(req: RecordedRequest, res: ServerResponse) {
  const url = new URL(req.path, 'http://test');
  if (url.pathname === '/api/account/me') {
    return sendJson(res, 200, { data: { user: { ...sampleUser, is_admin: true } } });
  }
  if (url.pathname === '/api/ready') {
    const integrations = mode ? { integrations: { sandbox: mode } } : {};
    return sendJson(res, 200, {
      data: { status: 'ready', database: 'ok', ...integrations, ...(model ? { model } : {}) },
    });
  }
  if (url.pathname === '/api/admin/users') {
    return sendJson(res, 200, { data: { users: [], next_cursor: null } });
  }
  sendRaw(res, 404);
}

suiteServer(api);

const region = () => screen.findByRole('region', { name: 'Integration sandbox' });

describe('the admin page’s sandbox status', () => {
  it('says integrations are sandboxed', async () => {
    mode = 'bubblewrap';
    await renderSignedIn('/app/admin');
    expect((await region()).textContent).toContain('Integrations are sandboxed (bubblewrap)');
  });

  it('warns when integrations run without a sandbox', async () => {
    mode = 'none-unsafe';
    await renderSignedIn('/app/admin');
    const text = (await region()).textContent;
    expect(text).toContain('Integrations run WITHOUT a sandbox');
    expect(text).toContain('INTEGRATIONS_SANDBOX=none-unsafe');
  });

  it('says npm integrations are refused when no sandbox works', async () => {
    mode = 'refused';
    await renderSignedIn('/app/admin');
    expect((await region()).textContent).toContain(
      'npm integrations are switched off: no sandbox available',
    );
  });

  it('shows nothing when the server does not say', async () => {
    mode = undefined;
    await renderSignedIn('/app/admin');
    await screen.findByRole('heading', { name: 'Admin' });
    expect(screen.queryByRole('region', { name: 'Integration sandbox' })).toBeNull();
  });
});

describe('the admin page’s language model status', () => {
  const modelRegion = () => screen.findByRole('region', { name: 'Language model' });

  it('tells the operator how to set up a model when none is', async () => {
    model = 'none';
    await renderSignedIn('/app/admin');
    const text = (await modelRegion()).textContent;
    expect(text).toContain('No language model is configured');
    expect(text).toContain('LLM_PROVIDER=openai-compatible LLM_BASE_URL=http://127.0.0.1:11434/v1');
  });

  it('says so when one is', async () => {
    model = 'configured';
    await renderSignedIn('/app/admin');
    expect((await modelRegion()).textContent).toContain('A language model is configured');
  });

  it('shows nothing when the server does not say', async () => {
    model = undefined;
    await renderSignedIn('/app/admin');
    await screen.findByRole('heading', { name: 'Admin' });
    expect(screen.queryByRole('region', { name: 'Language model' })).toBeNull();
  });
});
