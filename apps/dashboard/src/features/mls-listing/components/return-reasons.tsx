import { LISTING_REVIEW_TEXTS, type TReturnReasons } from '@lantern/contracts';
import type { ReactNode } from 'react';

/** Staff's reasons about one field (issue 18), or none. */
export const reasonsFor = (reasons: TReturnReasons | null | undefined, field: string) =>
  reasons?.[field] ?? [];

/**
 * Staff's reasons about one field, inline: given as part of the field's hint, so they read as the
 * field's description (aria-describedby) and sit right under it.
 */
export function FieldReasons({
  reasons,
  field,
}: {
  reasons: TReturnReasons | null | undefined;
  field: string;
}) {
  const list = reasonsFor(reasons, field);
  if (list.length === 0) return null;
  return (
    <span className="ds-return-reasons" role="note">
      <strong>{LISTING_REVIEW_TEXTS.fromOurTeam}</strong>
      {list.map((reason) => (
        <span key={reason} className="ds-return-reason">
          {reason}
        </span>
      ))}
    </span>
  );
}

/** A field's hint with staff's reasons about it after it. */
export function withReasons(
  hint: ReactNode,
  reasons: TReturnReasons | null | undefined,
  field: string,
): ReactNode {
  if (reasonsFor(reasons, field).length === 0) return hint;
  return (
    <>
      {hint ? <span className="ds-return-hint">{hint}</span> : null}
      <FieldReasons reasons={reasons} field={field} />
    </>
  );
}

/** Staff's reasons about a group of fields (a fieldset) or the listing as a whole, as a block. */
export function ReasonsNote({
  reasons,
  fields,
}: {
  reasons: TReturnReasons | null | undefined;
  fields: readonly string[];
}) {
  const list = fields.flatMap((f) => reasonsFor(reasons, f));
  if (list.length === 0) return null;
  return (
    <div className="ds-return-reasons" role="note">
      <strong>{LISTING_REVIEW_TEXTS.fromOurTeam}</strong>
      <ul>
        {list.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
