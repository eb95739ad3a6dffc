import {
  ESIGN_DISCLOSURE_VERSION,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  type TMlsListingSignResponse,
  type TSigner,
  type TSigningDocument,
  ZEsignConsentFormSchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  Checkbox,
  fieldError,
  formError,
  setApiErrors,
  useSchemaForm,
} from '@lantern/ui';
import { Link } from 'react-router';
import {
  documentHref,
  useListingAgreement,
  useSignAgreement,
} from '../../../../../features/mls-listing/api/sign.ts';
import { EsignDisclosure } from '../../../../../features/mls-listing/components/esign-disclosure.tsx';
import { ListingSyndication } from '../../../../../features/mls-listing/components/listing-syndication.tsx';
import { stepHref } from '../../../../../features/mls-listing/steps.ts';
import { StepFrame } from './step-frame.tsx';

/** Step 6: every owner named on the listing reads and signs the listing agreement. */
export function SignPage() {
  return (
    <StepFrame step="sign">
      {(listing, property) => <SignStep property={property} live={listing.status === 'live'} />}
    </StepFrame>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function SignStep({ property, live }: { property: string; live: boolean }) {
  const agreement = useListingAgreement(property);
  if (agreement.isPending) return <p role="status">Loading…</p>;
  if (agreement.isError) return <Alert tone="danger">{agreement.error.message}</Alert>;
  const data = agreement.data;
  const doc = data.document;
  // A live listing's Sign page holds its open renewal (issue 18, manage).
  const renewal = doc?.kind === 'renewal';
  const done = doc?.status === 'signed';
  return (
    <>
      <h2>{renewal ? LM.renewalSignTitle : L.signTitle}</h2>
      <p>{renewal ? LM.renewalSignIntro : L.signIntro}</p>
      {/* Chosen before the agreement is made; it prints them (issue 49). */}
      {live ? null : <ListingSyndication property={property} />}
      {data.replacedSignatures ? <Alert tone="info">{L.replaced}</Alert> : null}
      {data.notSignerReason ? <Alert tone="info">{data.notSignerReason}</Alert> : null}
      {doc ? <AgreementDocument doc={doc} property={property} live={live} /> : null}
      {doc && data.youMaySign ? <SignForm data={data} doc={doc} property={property} /> : null}
      {renewal || live ? (
        <p>
          <Link to={stepHref('manage', property)}>{LM.backToManage}</Link>
        </p>
      ) : done ? (
        <p>
          <Link to={stepHref('review', property)}>Go to the Review step</Link>
        </p>
      ) : null}
    </>
  );
}

function AgreementDocument({
  doc,
  property,
  live,
}: {
  doc: TSigningDocument;
  property: string;
  live: boolean;
}) {
  const waiting = doc.signers.filter((s) => !s.signedAt);
  const me = doc.signers.find((s) => s.you);
  return (
    <section aria-labelledby="agreement-title" className="ds-agreement">
      <h3 id="agreement-title">{doc.title}</h3>
      <p className="ds-muted">Prepared {when(doc.createdAt)}.</p>
      <p className="ds-actions">
        <a href={documentHref(doc.hash, property, 'unsigned')} download>
          {L.downloadUnsigned}
        </a>
        {doc.status === 'signed' ? (
          <a href={documentHref(doc.hash, property, 'signed')} download>
            {L.downloadSigned}
          </a>
        ) : null}
      </p>
      <dl className="ds-hashes">
        <dt>{L.hashLabel} (as prepared)</dt>
        <dd>
          <code>{doc.unsignedSha256}</code>
        </dd>
        {doc.signedSha256 ? (
          <>
            <dt>{L.hashLabel} (signed copy)</dt>
            <dd>
              <code>{doc.signedSha256}</code>
            </dd>
          </>
        ) : null}
      </dl>
      <h4>Owners</h4>
      <ul className="ds-signers">
        {doc.signers.map((s) => (
          <SignerItem key={s.email} signer={s} />
        ))}
      </ul>
      <div role="status">
        {doc.status === 'signed' ? (
          // The wrapper is the live region; the alert only styles the message.
          <Alert tone="success" announce={false}>
            {doc.kind === 'renewal' ? LM.renewalAllSigned : live ? LM.agreementSigned : L.allSigned}
          </Alert>
        ) : me?.signedAt ? (
          <p>
            {L.signed}{' '}
            {waiting.length > 0 ? L.waitingFor(waiting.map((s) => s.name).join(', ')) : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function SignerItem({ signer }: { signer: TSigner }) {
  return (
    <li>
      <strong>{signer.name}</strong> ({signer.email}){signer.you ? ' — you' : ''}:{' '}
      {signer.signedAt ? `signed ${when(signer.signedAt)}` : 'not signed yet'}
    </li>
  );
}

function SignForm({
  data,
  doc,
  property,
}: {
  data: TMlsListingSignResponse;
  doc: TSigningDocument;
  property: string;
}) {
  const sign = useSignAgreement();
  const form = useSchemaForm(ZEsignConsentFormSchema, { defaultValues: { consent: false } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async () => {
    try {
      await sign.mutateAsync({
        property,
        document: doc.hash,
        consent: true,
        consentVersion: ESIGN_DISCLOSURE_VERSION,
      });
    } catch (error) {
      setApiErrors(error, form.setError, ['consent']);
    }
  });
  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-label="Sign the agreement">
      <EsignDisclosure disclosure={data.disclosure} />
      <Checkbox
        label={data.disclosure.consentLabel}
        error={fieldError(errors, 'consent')}
        {...form.register('consent')}
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <p className="ds-actions">
        <Button type="submit" loading={isSubmitting}>
          {L.signButton}
        </Button>
      </p>
    </form>
  );
}
