// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

afterEach(cleanup);

function setUp(error: Error | null = null) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      title="Delete this referral?"
      description="a@example.com referring b@example.com, $250.00."
      open
      onClose={onClose}
      confirmLabel="Delete referral"
      onConfirm={onConfirm}
      pending={false}
      error={error}
    />,
  );
  return { onClose, onConfirm };
}

describe('ConfirmDialog', () => {
  it('names the change, offers a way out first, and confirms only on the danger button', async () => {
    const { onClose, onConfirm } = setUp();
    const dialog = screen.getByRole('dialog', { name: 'Delete this referral?' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'a@example.com referring b@example.com, $250.00.',
    );
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons.indexOf('Keep it')).toBeLessThan(buttons.indexOf('Delete referral'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete referral' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says the server’s refusal inside the dialog', () => {
    setUp(new Error('Only a pending referral can be marked earned or deleted.'));
    expect(
      screen.getByText('Only a pending referral can be marked earned or deleted.'),
    ).toBeTruthy();
  });
});
