import { PRODUCT_ROLE_REPAIR_TEXTS as T, type TProductRoleRepairItem } from '@lantern/contracts';
import { ROLE_LABELS, type TPropertyRole } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { formatDate } from '../../../components/data-table/format.ts';
import { useProductRoleRepair } from '../api/products.ts';

const rolesText = (roles: readonly TPropertyRole[] | null) =>
  roles ? roles.map((r) => ROLE_LABELS[r]).join(', ') : 'Every role';

const Item = ({ item, kept }: { item: TProductRoleRepairItem; kept: boolean }) => (
  <li>
    <strong>{item.name}</strong>:{' '}
    {kept
      ? `${T.now} ${rolesText(item.rolesFound)}; ${T.catalogue} ${rolesText(item.catalogueRoles)}`
      : rolesText(item.catalogueRoles)}
  </li>
);

/**
 * Issue 36: what the one-off repair of who may order did, so staff can check the roles it kept
 * as theirs (and redo any it restored that they had meant). Nothing shows when it changed nothing.
 */
export function RoleRepairNotice() {
  const repair = useProductRoleRepair();
  const data = repair.data;
  if (!data?.repairedAt || (!data.restored.length && !data.kept.length)) return null;
  return (
    <Alert tone="info" announce={false} title={`${T.heading} (${formatDate(data.repairedAt)})`}>
      <p>{T.intro}</p>
      {data.restored.length ? (
        <>
          <p>{T.restored}</p>
          <ul>
            {data.restored.map((item) => (
              <Item key={item.slug} item={item} kept={false} />
            ))}
          </ul>
        </>
      ) : null}
      {data.kept.length ? (
        <>
          <p>{T.kept}</p>
          <ul>
            {data.kept.map((item) => (
              <Item key={item.slug} item={item} kept />
            ))}
          </ul>
        </>
      ) : null}
    </Alert>
  );
}
