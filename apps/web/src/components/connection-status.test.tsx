import { CLIENT_ERROR_MESSAGES, OkSchema } from '@spoke/shared';
import { onlineManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api/client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { suiteServer } from '../test/suite-server.ts';
import { sendJson, sendRaw } from '../test/test-server.ts';
import { ConnectionStatus } from './connection-status.tsx';

const server = suiteServer();

function Reader() {
  // The app's retry rule, with short waits between attempts.
  const query = useQuery({
    queryKey: ['thing'],
    queryFn: ({ signal }) => api.get('/api/thing', OkSchema, { signal }),
    retryDelay: 200,
  });
  if (query.isError) return <p>{query.error.message}</p>;
  return <p>{query.isSuccess ? 'Loaded' : 'Loading...'}</p>;
}

function renderReader() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionStatus />
      <Reader />
    </QueryClientProvider>,
  );
}

describe('ConnectionStatus', () => {
  it('says the server cannot be reached while a query is tried again, then leaves it to the screen', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    renderReader();
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      `${CLIENT_ERROR_MESSAGES.CONNECTION_ERROR} Trying again (1 of 3)...`,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('(3 of 3)'));
    // The retries are spent: the screen shows the error, and the status goes.
    expect(await screen.findByText(CLIENT_ERROR_MESSAGES.CONNECTION_ERROR)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(server.requests).toHaveLength(4);
  });

  it('goes as soon as the server answers again', async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls += 1;
      if (calls === 1) return res.socket?.destroy();
      sendJson(res, 200, { data: { ok: true } });
    });
    renderReader();
    await screen.findByRole('status');
    expect(await screen.findByText('Loaded')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the browser is offline while a query waits for the connection', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { ok: true } }));
    onlineManager.setOnline(false);
    try {
      renderReader();
      expect((await screen.findByRole('status')).textContent).toBe(
        `${CLIENT_ERROR_MESSAGES.CONNECTION_ERROR} Waiting for the connection...`,
      );
      expect(server.requests).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByText('Loaded')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing for an answer that is not tried again', async () => {
    server.handle((_req, res) => sendRaw(res, 404));
    renderReader();
    expect(await screen.findByText('The requested resource was not found.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
