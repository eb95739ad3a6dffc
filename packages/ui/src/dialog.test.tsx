import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

function AddressConfirmation() {
  return (
    <Dialog
      title="Address Confirmation"
      description="Please confirm this address is correct:"
      trigger={<Button>Create Property</Button>}
      actions={
        <>
          <DialogClose>
            <Button variant="secondary">Edit Address</Button>
          </DialogClose>
          <Button>Address is Correct</Button>
        </>
      }
    >
      <p>1 Main St, Springfield, IL 62701</p>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from its trigger, labelled by its title and described by its description', async () => {
    const user = userEvent.setup();
    render(<AddressConfirmation />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create Property' }));

    const dialog = screen.getByRole('dialog', { name: 'Address Confirmation' });
    const descriptionId = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(descriptionId)?.textContent).toBe(
      'Please confirm this address is correct:',
    );
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    render(<AddressConfirmation />);
    const trigger = screen.getByRole('button', { name: 'Create Property' });
    await user.click(trigger);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes from the × button and from a DialogClose action', async () => {
    const user = userEvent.setup();
    render(<AddressConfirmation />);
    const trigger = screen.getByRole('button', { name: 'Create Property' });

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Edit Address' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<AddressConfirmation />);
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    const dialog = screen.getByRole('dialog');

    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('works controlled, without a trigger or description', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Validate
          </button>
          <p>{open ? 'open' : 'closed'}</p>
          <Dialog title="Select Location of Property" open={open} onOpenChange={setOpen}>
            <p>Drag the pin to your property.</p>
          </Dialog>
        </>
      );
    }
    render(<Controlled />);
    const opener = screen.getByRole('button', { name: 'Validate' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Select Location of Property' });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);

    await user.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeTruthy();
    expect(document.activeElement).toBe(opener);
  });
});
