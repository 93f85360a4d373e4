import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

describe('password strength meter', () => {
  it.each([
    [0, 'Enter a password', 0],
    [1, 'Weak', 0],
    [3, 'Weak', 1],
    [4, 'Fair', 2],
    [6, 'Good', 3],
    [7, 'Good', 3],
    [8, 'Strong', 4],
    [20, 'Strong', 4],
  ])('a password of %i characters reads %s with %i bars', (length, label, bars) => {
    render(<PasswordStrengthMeter password={'x'.repeat(length)} />);
    expect(screen.getByTestId('password-strength-label').textContent).toBe(label);
    const filled = screen
      .getAllByTestId('password-strength-bar')
      .map((bar) => bar.getAttribute('data-filled'));
    expect(filled).toHaveLength(4);
    expect(filled.filter((value) => value === 'true')).toHaveLength(bars);
  });
});

describe('a common password', () => {
  it.each(['password', 'Password', ' qwertyuiop '])(
    'reads %j as too common, whatever its length',
    async (password) => {
      render(<PasswordStrengthMeter password={password} />);
      await waitFor(() =>
        expect(screen.getByTestId('password-strength-label').textContent).toBe('Too common'),
      );
      const filled = screen
        .getAllByTestId('password-strength-bar')
        .filter((bar) => bar.getAttribute('data-filled') === 'true');
      expect(filled).toHaveLength(1);
    },
  );

  it('measures an uncommon password by its length as before', async () => {
    const { rerender } = render(<PasswordStrengthMeter password="password" />);
    await waitFor(() =>
      expect(screen.getByTestId('password-strength-label').textContent).toBe('Too common'),
    );
    rerender(<PasswordStrengthMeter password="pa55word-of-mine" />);
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Strong');
  });
});
