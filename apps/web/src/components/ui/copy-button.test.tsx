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

const LABEL = 'Copy install command';

async function click(name = LABEL) {
  fireEvent.click(screen.getByRole('button', { name }));
  // Lets the clipboard promise settle.
  await act(async () => {});
}

const buttonText = () => screen.getByRole('button', { name: LABEL }).textContent;
const announced = () => screen.getByRole('status').textContent;

describe('CopyButton beside a value', () => {
  it('keeps its label as the name while it reads Copied for 2000 ms', async () => {
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    render(<CopyButton text="spoke install io.github.ada/weather" label={LABEL} />);
    expect(buttonText()).toBe('Copy');
    expect(announced()).toBe('');
    await click();

    expect(write).toHaveBeenCalledWith('spoke install io.github.ada/weather');
    expect(buttonText()).toBe('Copied');
    expect(announced()).toBe('Copied');

    act(() => vi.advanceTimersByTime(1999));
    expect(buttonText()).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(buttonText()).toBe('Copy');
    expect(announced()).toBe('');
  });

  it('starts the 2000 ms again on a second click', async () => {
    render(<CopyButton text="x" label={LABEL} />);
    await click();
    act(() => vi.advanceTimersByTime(1500));
    await click();
    act(() => vi.advanceTimersByTime(1500));
    expect(buttonText()).toBe('Copied');
    act(() => vi.advanceTimersByTime(500));
    expect(buttonText()).toBe('Copy');
  });

  it('tells how to copy by hand when the clipboard refuses, then clears it', async () => {
    render(<CopyButton text="x" label={LABEL} />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await click();
    expect(announced()).toBe('Could not copy. Select the text and copy it by hand.');
    expect(buttonText()).toBe('Copy');
    act(() => vi.advanceTimersByTime(2000));
    expect(announced()).toBe('');
  });

  it('copies the text it is given now, not the text of its first render', async () => {
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    const view = render(<CopyButton text="first" label={LABEL} />);
    view.rerender(<CopyButton text="second" label={LABEL} />);
    await click();
    expect(write).toHaveBeenCalledWith('second');
  });
});

describe('CopyButton in a code block', () => {
  const codeButtonText = () => screen.getByRole('button').textContent;

  it("reads 'Copied!' for exactly 2000 ms, announces it, then reverts", async () => {
    expect(COPY_CONFIRMATION_MS).toBe(2000);
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    render(<CopyButton variant="code" text="npm install -g @spoke/cli" />);
    await click('Copy');

    expect(write).toHaveBeenCalledWith('npm install -g @spoke/cli');
    expect(codeButtonText()).toBe('Copied!');
    expect(screen.getByRole('status').textContent).toBe('Code copied to clipboard');

    act(() => vi.advanceTimersByTime(1999));
    expect(codeButtonText()).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(codeButtonText()).toBe('Copy');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('starts the 2000 ms again on a second click', async () => {
    render(<CopyButton variant="code" text="x" />);
    await click('Copy');
    act(() => vi.advanceTimersByTime(1500));
    await click('Copied!');
    act(() => vi.advanceTimersByTime(1500));
    expect(codeButtonText()).toBe('Copied!');
    act(() => vi.advanceTimersByTime(500));
    expect(codeButtonText()).toBe('Copy');
  });

  it('says so when the clipboard refuses', async () => {
    render(<CopyButton variant="code" text="x" />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await click('Copy');
    expect(screen.getByRole('status').textContent).toMatch(/could not copy/i);
    expect(codeButtonText()).toBe('Copy');
  });
});
