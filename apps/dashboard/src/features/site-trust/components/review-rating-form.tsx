import {
  SITE_TRUST_TEXTS,
  type TReviewRating,
  type TReviewRatingRequest,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import { Button, FormError, fieldError, setApiErrors, TextField, useSchemaForm } from '@lantern/ui';
import { z } from 'zod';
import { useSaveReview } from '../api/site-trust.ts';

/** "4.8" → 48 tenths; anything else is refused with the rating's message. */
const ZReviewFormSchema = z
  .object({
    source: z.string().trim().min(1, SITE_TRUST_TEXTS.source).max(60, SITE_TRUST_TEXTS.source),
    rating: z
      .string()
      .trim()
      .regex(/^[1-5](\.\d)?$/, SITE_TRUST_TEXTS.rating)
      .refine((s) => Number(s) <= 5, SITE_TRUST_TEXTS.rating),
    reviewCount: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,7}$/, SITE_TRUST_TEXTS.reviewCount),
    url: z.string().trim().min(1, SITE_TRUST_TEXTS.reviewUrl),
    position: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, SITE_TRUST_TEXTS.position),
  })
  .transform(
    (f): TReviewRatingRequest => ({
      source: f.source,
      ratingTenths: Math.round(Number(f.rating) * 10),
      reviewCount: Number(f.reviewCount),
      url: f.url,
      position: Number(f.position),
    }),
  );

/**
 * A review rating we may quote (docs/decisions/080): copied from the review site as it stands
 * today, with the address of the reviews, which the footer links to.
 */
export function ReviewRatingForm({
  review,
  onDone,
}: {
  review: TReviewRating | null;
  onDone: (saved: TReviewRating) => void;
}) {
  const save = useSaveReview(review?.id ?? null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZReviewFormSchema, {
    defaultValues: {
      source: review?.source ?? '',
      rating: review ? (review.ratingTenths / 10).toFixed(1) : '',
      reviewCount: review ? String(review.reviewCount) : '',
      url: review?.url ?? 'https://',
      position: String(review?.position ?? 0),
    },
  });
  const submit = handleSubmit(async (request) => {
    try {
      onDone(await save.mutateAsync(request));
    } catch (error) {
      setApiErrors(error, setError, ['source', 'reviewCount', 'url', 'position']);
      // The request names the rating in tenths; the form takes stars.
      const rating = error instanceof ApiError ? error.field('ratingTenths') : undefined;
      if (rating) setError('rating', { message: rating });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      <TextField
        {...register('source')}
        label="Review site"
        hint="Its name as visitors know it, e.g. Google."
        maxLength={60}
        error={fieldError(errors, 'source')}
      />
      <TextField
        {...register('rating')}
        label="Average rating (out of 5)"
        hint="As the review site shows it today, e.g. 4.8."
        inputMode="decimal"
        error={fieldError(errors, 'rating')}
      />
      <TextField
        {...register('reviewCount')}
        label="Number of reviews"
        inputMode="numeric"
        error={fieldError(errors, 'reviewCount')}
      />
      <TextField
        {...register('url')}
        label="Address of the reviews"
        hint="https://… The footer links the rating here, so visitors can read them."
        autoComplete="off"
        error={fieldError(errors, 'url')}
      />
      <TextField
        {...register('position')}
        label="Order"
        hint="Lowest first."
        inputMode="numeric"
        error={fieldError(errors, 'position')}
      />
      <div className="adm-actions">
        <Button type="submit" disabled={isSubmitting}>
          {review ? 'Save rating' : 'Add rating'}
        </Button>
      </div>
    </form>
  );
}
