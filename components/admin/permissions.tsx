'use client';
// Permission and group pickers and badges; the permission catalogue (codes with descriptions) comes from admin.listPermissions.
import { Badge, Group, MultiSelect, Stack, Text, Tooltip, type MultiSelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc';

export function usePermissionCatalogue() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.listPermissions.queryOptions({}), staleTime: Infinity });
}

export function usePermissionDescriptions(): Map<string, string> {
  const catalogue = usePermissionCatalogue();
  return new Map((catalogue.data ?? []).map((p) => [p.code, p.description]));
}

/** A MultiSelect of permission codes whose options show each permission's description. */
export function PermissionMultiSelect(props: Omit<MultiSelectProps, 'data'>) {
  const catalogue = usePermissionCatalogue();
  const descriptions = new Map((catalogue.data ?? []).map((p) => [p.code, p.description]));
  return (
    <MultiSelect
      data={(catalogue.data ?? []).map((p) => ({ value: p.code, label: p.code }))}
      placeholder={props.value?.length ? undefined : 'None'}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="No such permission"
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace">
            {option.value}
          </Text>
          <Text size="xs" c="dimmed">
            {descriptions.get(option.value)}
          </Text>
        </Stack>
      )}
      {...props}
    />
  );
}

/** A MultiSelect of groups (their ids as values), given the groups to offer; labelled "Groups". */
export function GroupMultiSelect({
  groups,
  loading = false,
  ...props
}: { groups: readonly { id: number; code: string; name: string }[]; loading?: boolean } & Omit<
  MultiSelectProps,
  'data' | 'label'
>) {
  return (
    <MultiSelect
      label="Groups"
      placeholder={props.value?.length ? undefined : 'None'}
      data={groups.map((g) => ({ value: String(g.id), label: `${g.code} — ${g.name}` }))}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={loading ? 'Loading groups…' : 'No such group'}
      {...props}
    />
  );
}

export function PermissionBadges({
  codes,
  empty = 'None',
  color = 'blue',
}: {
  codes: readonly string[];
  empty?: string;
  color?: string;
}) {
  const descriptions = usePermissionDescriptions();
  if (!codes.length)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Group gap={4}>
      {codes.map((code) => (
        <Tooltip key={code} label={descriptions.get(code) ?? code} withArrow openDelay={300}>
          <Badge variant="light" color={color} radius="sm" tt="none">
            {code}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

export function GroupBadges({ codes, empty = 'None' }: { codes: readonly string[]; empty?: string }) {
  if (!codes.length)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Group gap={4}>
      {codes.map((code) => (
        <Badge key={code} variant="outline" color="gray" radius="sm" tt="none">
          {code}
        </Badge>
      ))}
    </Group>
  );
}
