import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS, CopyButton } from './copy-button.tsx';

beforeEach(() => {
  // user-event provides the clipboard jsdom lacks; clicks go through fireEvent so that only the
  // button's own timer runs on the fake clock.
  userEvent.setup();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  // Lets the clipboard promise settle.
  await act(async () => {});
}

const buttonText = () => screen.getByRole('button').textContent;

describe('CopyButton', () => {
  it("reads 'Copied!' for exactly 2000 ms, announces it, then reverts", async () => {
    expect(COPY_CONFIRMATION_MS).toBe(2000);
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    render(<CopyButton text="npm install -g @spoke/cli" />);
    await click('Copy');

    expect(write).toHaveBeenCalledWith('npm install -g @spoke/cli');
    expect(buttonText()).toBe('Copied!');
    expect(screen.getByRole('status').textContent).toBe('Code copied to clipboard');

    act(() => vi.advanceTimersByTime(1999));
    expect(buttonText()).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(buttonText()).toBe('Copy');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('starts the 2000 ms again on a second click', async () => {
    render(<CopyButton text="x" />);
    await click('Copy');
    act(() => vi.advanceTimersByTime(1500));
    await click('Copied!');
    act(() => vi.advanceTimersByTime(1500));
    expect(buttonText()).toBe('Copied!');
    act(() => vi.advanceTimersByTime(500));
    expect(buttonText()).toBe('Copy');
  });

  it('says so when the clipboard refuses', async () => {
    render(<CopyButton text="x" />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await click('Copy');
    expect(screen.getByRole('status').textContent).toMatch(/could not copy/i);
    expect(buttonText()).toBe('Copy');
  });
});
