'use client';
// The list of one kind of principal (people at /admin/users, service accounts at /admin/service-accounts):
// name, status, groups and effective permissions, a search kept in the URL, a row opening the principal.
// What differs between the kinds comes as props (users-page.tsx, service-accounts-page.tsx).
import { Badge, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRouter } from 'next/navigation';
import type { ComponentType, ReactNode } from 'react';
import { QueryTable, type TableQuery } from '@/components/ui/query-table';
import { PageHeader } from './page-header';
import type { PrincipalKindLabels } from './principal-kinds';
import { GroupBadges, PermissionBadges } from './permissions';
import { SearchBar, SearchEmptyState, type useUrlSearch } from './search-bar';

/** The fields every principal's row has. */
export interface PrincipalRow {
  id: number;
  enabled: boolean;
  groups: string[];
  effectivePermissions: string[];
}

export function PrincipalsPage<R extends PrincipalRow>({
  kind,
  description,
  placeholder,
  search,
  query,
  nameColumn,
  CreateModal,
}: {
  kind: PrincipalKindLabels;
  description: string;
  /** The search box's placeholder. */
  placeholder: string;
  search: ReturnType<typeof useUrlSearch>;
  query: TableQuery & { data: R[] | undefined };
  /** The first column: the principal's name, linked to its page, and what stands beside it. */
  nameColumn: { accessor: string; title: string; render: (record: R) => ReactNode };
  CreateModal: ComponentType<{ opened: boolean; onClose: () => void }>;
}) {
  const router = useRouter();
  const [creating, createModal] = useDisclosure(false);
  const records = query.data ?? [];
  const createLabel = `Create ${kind.noun}`;

  return (
    <Stack>
      <PageHeader
        title={kind.title}
        description={description}
        actions={<Button onClick={createModal.open}>{createLabel}</Button>}
      />
      <SearchBar
        search={search}
        label={`Search ${kind.nounPlural}`}
        placeholder={placeholder}
        count={query.data ? records.length : undefined}
        noun={kind.noun}
      />

      <QueryTable
        query={query}
        loadingLabel={`Loading ${kind.nounPlural}`}
        aria-label={kind.title}
        phoneFirst={[nameColumn.accessor, 'enabled']}
        records={records}
        highlightOnHover
        verticalAlign="top"
        onRowClick={({ record, event }) => {
          if ((event.target as HTMLElement).closest('a,button')) return;
          router.push(`${kind.path}/${record.id}`);
        }}
        emptyState={
          <SearchEmptyState
            search={search}
            nounPlural={kind.nounPlural}
            createLabel={createLabel}
            onCreate={createModal.open}
          />
        }
        columns={[
          nameColumn,
          {
            accessor: 'enabled',
            title: 'Status',
            width: 110,
            render: (r) => <EnabledBadge enabled={r.enabled} />,
          },
          { accessor: 'groups', title: 'Groups', render: (r) => <GroupBadges codes={r.groups} /> },
          {
            accessor: 'effectivePermissions',
            title: 'Effective permissions',
            render: (r) => <PermissionBadges codes={r.effectivePermissions} />,
          },
        ]}
      />
      <CreateModal opened={creating} onClose={createModal.close} />
    </Stack>
  );
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <Badge color="green" variant="light">
      Enabled
    </Badge>
  ) : (
    <Badge color="gray" variant="filled">
      Disabled
    </Badge>
  );
}
