import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export function NotFound() {
  return (
    <section className="ds-page" aria-labelledby="nf-title">
      <h1 id="nf-title">Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be incomplete.</p>
      <p>
        <Link className="ln-btn ln-btn--primary" to={paths.dashboard}>
          Back to your dashboard
        </Link>
      </p>
    </section>
  );
}
