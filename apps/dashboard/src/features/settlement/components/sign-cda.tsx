import { SETTLEMENT_ESIGN_DISCLOSURE as D, ZSettlementSignRequestSchema } from '@lantern/contracts';
import { Button, Checkbox, fieldError, formError, setApiErrors, useSchemaForm } from '@lantern/ui';
import { useSignCda } from '../api/settlement.ts';

/** Only the consent is the person's to give; the disclosure's version is sent by the request. */
const ZSignFormSchema = ZSettlementSignRequestSchema.pick({ consent: true });

/** The settlement agent's signature: the disclosure, the consent box, and "Sign". */
export function SignCda({ hash, ready }: { hash: string; ready: string | null }) {
  const sign = useSignCda(hash);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZSignFormSchema);
  const submit = handleSubmit(async () => {
    try {
      await sign.mutateAsync(null);
    } catch (error) {
      setApiErrors(error, setError, ['consent']);
    }
  });
  const formMessage = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-cda-title">
      <h2 id="sign-cda-title">Sign the authorisation</h2>
      <details>
        <summary>{D.title}</summary>
        {D.sections.map((s) => (
          <div key={s.heading}>
            <h3>{s.heading}</h3>
            <p>{s.text}</p>
          </div>
        ))}
      </details>
      {ready ? <p>{ready}</p> : null}
      <Checkbox
        label={D.consentLabel}
        {...register('consent', { onChange: () => clearErrors('consent') })}
        error={fieldError(errors, 'consent')}
      />
      {formMessage ? (
        <p role="alert" className="ds-error">
          {formMessage}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting || ready !== null}>
        Sign the authorisation
      </Button>
    </form>
  );
}
