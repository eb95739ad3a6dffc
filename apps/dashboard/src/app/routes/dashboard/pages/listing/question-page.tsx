import {
  LISTING_TOOLS_PAGES,
  INQUIRY_TEXTS as T,
  ZInquiryReplyRequestSchema,
} from '@lantern/contracts';
import { INQUIRIES_TAB } from '@lantern/domain';
import {
  Alert,
  Button,
  Checkbox,
  fieldError,
  formError,
  setApiErrors,
  TextAreaField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useAnswerInquiry,
  useInquiry,
} from '../../../../../features/listing-inquiries/api/inquiries.ts';
import { InquiryThread } from '../../../../../features/listing-inquiries/components/inquiry-thread.tsx';
import { useListingTools } from './listing-layout.tsx';

/** /dashboard/listing/questions/{hash}: one buyer's question, its thread and the answer box. */
export function QuestionPage() {
  const { property } = useListingTools();
  const { hash = '' } = useParams();
  const inquiry = useInquiry(property, hash);
  const back = (
    <p>
      <Link to={LISTING_TOOLS_PAGES.tab(INQUIRIES_TAB, property)}>All questions</Link>
    </p>
  );
  if (inquiry.isPending) return <p role="status">Loading…</p>;
  if (inquiry.isError) {
    return (
      <>
        {back}
        <Alert tone="danger">{inquiry.error.message}</Alert>
      </>
    );
  }
  const q = inquiry.data.inquiry;
  return (
    <section aria-labelledby="question-title">
      {back}
      <h2 id="question-title">Question from {q.buyerName}</h2>
      <InquiryThread messages={q.thread} />
      <AnswerForm property={property} hash={q.hash} buyer={q.buyerName} />
    </section>
  );
}

const ZAnswer = ZInquiryReplyRequestSchema.omit({ property: true });

function AnswerForm({ property, hash, buyer }: { property: string; hash: string; buyer: string }) {
  const answer = useAnswerInquiry(property, hash);
  const [sent, setSent] = useState(false);
  const form = useSchemaForm(ZAnswer, { defaultValues: { body: '', shareEmail: false } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setSent(false);
    try {
      await answer.mutateAsync(values);
      form.reset();
      setSent(true);
    } catch (error) {
      setApiErrors(error, form.setError, ['body', 'shareEmail']);
    }
  });
  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-label={`Answer ${buyer}`}>
      <TextAreaField
        label={T.reply}
        rows={5}
        error={fieldError(errors, 'body')}
        {...form.register('body')}
      />
      <Checkbox label={T.shareEmail} {...form.register('shareEmail')} />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <p className="ds-actions">
        <Button type="submit" loading={isSubmitting}>
          {T.sendReply}
        </Button>
      </p>
      <p role="status">{sent ? T.replied : ''}</p>
    </form>
  );
}
