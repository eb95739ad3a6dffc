import { SETTLEMENT_ESIGN_DISCLOSURE as D } from '@lantern/contracts';
import { Button, Checkbox } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
import { useSignCda } from '../api/settlement.ts';

/** The settlement agent's signature: the disclosure, the consent box, and "Sign". */
export function SignCda({ hash, ready }: { hash: string; ready: string | null }) {
  const sign = useSignCda(hash);
  const [consent, setConsent] = useState(false);
  const [missing, setMissing] = useState(false);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!consent) {
      setMissing(true);
      return;
    }
    sign.mutate(null);
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="sign-cda-title">
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
        checked={consent}
        onChange={(e) => {
          setConsent(e.target.checked);
          setMissing(false);
        }}
        error={missing ? 'Tick the box to sign electronically.' : undefined}
      />
      {sign.error ? (
        <p role="alert" className="ds-error">
          {sign.error.message}
        </p>
      ) : null}
      <Button type="submit" disabled={sign.isPending || ready !== null}>
        Sign the authorisation
      </Button>
    </form>
  );
}
