import type { TMlsListingSignResponse } from '@lantern/contracts';
import { useId } from 'react';

/**
 * The ESIGN consumer disclosure (15 U.S.C. 7001(c)) shown before every signature: paper copies,
 * withdrawing consent, what it covers, and the hardware and software needed. Its version goes
 * with the signature, so it is rendered from what the server sent, never from a local copy.
 */
export function EsignDisclosure({
  disclosure,
}: {
  disclosure: TMlsListingSignResponse['disclosure'];
}) {
  const titleId = useId();
  return (
    <section className="ds-disclosure" aria-labelledby={titleId}>
      <h3 id={titleId}>{disclosure.title}</h3>
      {disclosure.sections.map((s) => (
        <div key={s.heading}>
          <h4>{s.heading}</h4>
          <p>{s.text}</p>
        </div>
      ))}
      <p className="ds-muted">Disclosure version {disclosure.version}.</p>
    </section>
  );
}
