'use client';
// A user's effective permissions and where each comes from ("direct" and/or the groups granting it).
// While the access form has unsaved changes, the table previews what the user would gain or lose.
import { Badge, Group, Table, Text } from '@mantine/core';
import { permissionSources, type GroupLike } from './permission-sources';
import { usePermissionDescriptions } from './permissions';

export function EffectivePermissions({
  direct,
  groupCodes,
  groups,
  saved,
  groupsFromProvider = false,
  nothing = 'this user can sign in to nothing',
}: {
  direct: string[];
  groupCodes: string[];
  groups: GroupLike[];
  /** The effective permissions the server reports for the saved user. */
  saved: string[];
  /** The user signs in through the identity provider, which gives their groups at each sign-in. */
  groupsFromProvider?: boolean;
  /** What holding no permission means for this principal. */
  nothing?: string;
}) {
  const descriptions = usePermissionDescriptions();
  const draft = permissionSources(direct, groupCodes, groups);
  const draftCodes = new Set(draft.map((d) => d.code));
  const savedCodes = new Set(saved);
  const lost = saved.filter((c) => !draftCodes.has(c));
  const rows = [...draft, ...lost.map((code) => ({ code, direct: false, groups: [] as string[] }))].sort(
    (a, b) => a.code.localeCompare(b.code),
  );

  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        No permissions: {nothing}. Add a group or a direct permission.
      </Text>
    );

  return (
    // Two columns that wrap: no minimum width, so a phone never scrolls sideways.
    <Table.ScrollContainer minWidth={0}>
      <Table aria-label="Effective permissions" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Permission</Table.Th>
            <Table.Th>Granted by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const losing = lost.includes(row.code);
            const gaining = !savedCodes.has(row.code);
            return (
              <Table.Tr key={row.code} opacity={losing ? 0.7 : 1}>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm" ff="monospace" fw={600} td={losing ? 'line-through' : undefined}>
                      {row.code}
                    </Text>
                    {gaining && (
                      <Badge size="xs" color="green" variant="light">
                        gained when saved
                      </Badge>
                    )}
                    {losing && (
                      <Badge size="xs" color="red" variant="light">
                        lost when saved
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {descriptions.get(row.code)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {losing ? (
                    <Text size="sm" c="dimmed">
                      nothing
                    </Text>
                  ) : (
                    <Group
                      component="ul"
                      gap={4}
                      m={0}
                      p={0}
                      style={{ listStyle: 'none' }}
                      aria-label={`Sources of ${row.code}`}
                    >
                      {row.direct && (
                        <Badge component="li" variant="filled" color="blue" radius="sm" tt="none">
                          direct
                        </Badge>
                      )}
                      {row.groups.map((g) => (
                        <Badge component="li" key={g} variant="outline" color="gray" radius="sm" tt="none">
                          group {g}
                        </Badge>
                      ))}
                      {groupsFromProvider && row.groups.length > 0 && (
                        <Badge component="li" variant="light" color="violet" radius="sm" tt="none">
                          from the identity provider
                        </Badge>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
