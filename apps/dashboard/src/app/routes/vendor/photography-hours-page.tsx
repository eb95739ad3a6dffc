import { PHOTO_APPOINTMENT_UI as U } from '@lantern/contracts';
import { Alert } from '@lantern/ui';
import { usePhotographyHours } from '../../../features/vendor/api/photography-hours.ts';
import { PhotographyHoursForm } from '../../../features/vendor/components/photography-hours-form.tsx';

/** /vendor/photography-hours (decision 046): the hours customers book photography visits from. */
export function PhotographyHoursPage() {
  const hours = usePhotographyHours();
  return (
    <section className="ds-page" aria-labelledby="hours-title">
      <h1 id="hours-title">{U.hoursTitle}</h1>
      <p>{U.hoursIntro}</p>
      {hours.isPending ? (
        <p role="status">Loading…</p>
      ) : hours.isError ? (
        <Alert tone="danger">{hours.error.message}</Alert>
      ) : (
        <PhotographyHoursForm current={hours.data} />
      )}
    </section>
  );
}
