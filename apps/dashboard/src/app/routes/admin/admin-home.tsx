import { Link } from 'react-router';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';

export function AdminHome() {
  const me = useCurrentUser();
  return (
    <section className="ds-page" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin area</h1>
      <p>
        Staff tools for running orders, users and listings live here. You are signed in as{' '}
        <strong>{me.email}</strong> with admin access.
      </p>
      <ul>
        <li>
          <Link to="/admin/messages">Customer messages</Link>
        </li>
      </ul>
    </section>
  );
}
