import { ZOptOutCreateSchema } from '@lantern/contracts';
import {
  Button,
  FormError,
  fieldError,
  PhoneInput,
  type PhoneValue,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useRef, useState } from 'react';
import { useRecordOptOut } from '../api/texts.ts';

/**
 * Record an opt-out someone asked for by phone, mail or in person (issue 20;
 * docs/decisions/030-texts.md): from then on nothing is texted to the number.
 */
export function OptOutForm({ onDone }: { onDone: () => void }) {
  const record = useRecordOptOut();
  const phoneInput = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState<PhoneValue | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZOptOutCreateSchema, { defaultValues: { phone: '', note: '' } });

  const submit = handleSubmit(async (body) => {
    try {
      await record.mutateAsync(body);
      onDone();
    } catch (error) {
      setApiErrors(error, setError, ['phone', 'note']);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        // The phone input's own reason (too short, wrong country) is the more helpful one.
        if (typed?.error && !typed.e164) {
          e.preventDefault();
          setError('phone', { type: 'input', message: typed.error });
          phoneInput.current?.focus();
          return;
        }
        void submit(e);
      }}
    >
      <FormError errors={errors} />
      <p>
        Nothing will be texted to this number again — not even sign-in codes — until its owner texts
        START to us.
      </p>
      <PhoneInput
        ref={phoneInput}
        label="Mobile number"
        autoComplete="off"
        error={fieldError(errors, 'phone')}
        onChange={(v) => {
          setTyped(v);
          setValue('phone', v.e164 ?? '');
          clearErrors('phone');
        }}
      />
      <TextField
        {...register('note')}
        label="How they asked"
        hint="For example: “Called on March 3 and asked us to stop texting.”"
        maxLength={500}
        error={fieldError(errors, 'note')}
      />
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Stop texts to this number
      </Button>
    </form>
  );
}
