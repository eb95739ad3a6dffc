import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';

export function DashboardOverview() {
  const me = useCurrentUser();
  const count = me.properties_relation_count;
  return (
    <section className="ds-page" aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <p>
        Signed in as <strong>{me.email}</strong>.
      </p>
      <p>
        {count === 0
          ? 'You have no properties on your account yet.'
          : `You have ${count} ${count === 1 ? 'property' : 'properties'} on your account.`}
      </p>
    </section>
  );
}
