import { paths } from '../config/paths.ts';

export function Forbidden({ area }: { area: string }) {
  return (
    <section className="ds-page" aria-labelledby="forbidden-title">
      <h1 id="forbidden-title">You do not have access to the {area} area</h1>
      <p>
        This part of the site is for team members with {area.toLowerCase()} access. If you think you
        should have it, ask your {area === 'Admin' ? 'administrator' : 'Lantern contact'} to add it
        to your account.
      </p>
      <p>
        <a className="ln-btn ln-btn--primary" href={paths.dashboard}>
          Go to your dashboard
        </a>
      </p>
    </section>
  );
}
