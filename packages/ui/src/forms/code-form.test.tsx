import {
  MESSAGES,
  PHONE_MESSAGES,
  TWO_FACTOR_MESSAGES,
  ZPhoneCodeSchema,
  ZTwoFactorCodeSchema,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeForm } from './code-form.tsx';

function setup(onSubmit: (body: { code: string }) => Promise<unknown>, digits = true) {
  const user = userEvent.setup();
  render(
    <CodeForm
      schema={digits ? ZPhoneCodeSchema : ZTwoFactorCodeSchema}
      label="Code from the text"
      digits={digits}
      submitLabel="Verify number"
      onSubmit={onSubmit}
    />,
  );
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Code from the text' });
  const submit = screen.getByRole('button', { name: 'Verify number' });
  return { user, input, submit };
}

const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('CodeForm', () => {
  it('checks the code with the contract before sending it, and puts the person back in the field', async () => {
    const onSubmit = vi.fn(async () => {});
    const { user, input, submit } = setup(onSubmit);
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.maxLength).toBe(6);

    await user.click(submit);
    await waitFor(() => expect(describedText(input)).toBe(PHONE_MESSAGES.codeRequired));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);

    await user.type(input, '12a');
    // Checked again on the next submit only: typing does not change the message.
    expect(describedText(input)).toBe(PHONE_MESSAGES.codeRequired);
    await user.click(submit);
    await waitFor(() => expect(describedText(input)).toBe(PHONE_MESSAGES.codeInvalid));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed code', async () => {
    const onSubmit = vi.fn(async () => {});
    const { user, input, submit } = setup(onSubmit, false);
    await user.type(input, ' 123456 ');
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: '123456' }));
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a 422 field error under the input', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, {
        message: MESSAGES.validationFailed,
        errors: { code: [PHONE_MESSAGES.codeInvalid] },
      });
    });
    const { user, input, submit } = setup(onSubmit);
    await user.type(input, '123456');
    await user.click(submit);
    await waitFor(() => expect(describedText(input)).toBe(PHONE_MESSAGES.codeInvalid));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('shows a network failure and a 429 above the form, and clears it on the next submit', async () => {
    let answer: unknown = new TypeError('Failed to fetch');
    const onSubmit = vi.fn(async () => {
      if (answer) throw answer;
    });
    const { user, input, submit } = setup(onSubmit, false);
    await user.type(input, 'k7d2m-9xq4p');
    await user.click(submit);
    expect(await screen.findByText(MESSAGES.networkError)).toBeTruthy();
    expect(document.activeElement).toBe(input);

    answer = new ApiError(429, { message: '', retryAfter: 30 });
    await user.click(submit);
    expect(await screen.findByText(MESSAGES.tooManyAttempts(30))).toBeTruthy();
    expect(screen.queryByText(MESSAGES.networkError)).toBeNull();

    answer = null;
    await user.click(submit);
    await waitFor(() => expect(screen.queryByText(MESSAGES.tooManyAttempts(30))).toBeNull());
    expect(onSubmit).toHaveBeenCalledTimes(3);
  });

  it('accepts a recovery code where the schema allows it', async () => {
    const onSubmit = vi.fn(async () => {});
    const { user, input, submit } = setup(onSubmit, false);
    expect(input.getAttribute('inputmode')).toBeNull();
    await user.click(submit);
    await waitFor(() => expect(describedText(input)).toBe(TWO_FACTOR_MESSAGES.codeRequired));
    await user.type(input, 'k7d2m-9xq4p');
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: 'k7d2m-9xq4p' }));
  });
});
