import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';

export function VendorHome() {
  const me = useCurrentUser();
  return (
    <section className="ds-page" aria-labelledby="vendor-title">
      <h1 id="vendor-title">Vendor area</h1>
      <p>
        This area is for the agents, concierge and settlement partners who work on Lantern orders.
        You are signed in as <strong>{me.email}</strong> with vendor access.
      </p>
    </section>
  );
}
