'use client';
import { Alert, AppShell, Group, NavLink, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { SignOutButton } from './sign-out-button';

const NAV = [
  { href: '/', label: 'Overview' },
  { href: '/api/docs', label: 'API reference', external: true },
];

export function ConsoleShell({
  username,
  securityDisabled,
  children,
}: {
  username: string;
  securityDisabled: boolean;
  children: ReactNode;
}) {
  const pathname = usePathname();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={2} size="h4">
            BPM Admin Console
          </Title>
          <Group gap="sm">
            <Text size="sm" aria-label="Signed in as">
              {username}
            </Text>
            <SignOutButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        {NAV.map((item) =>
          item.external ? (
            <NavLink key={item.href} component="a" href={item.href} label={item.label} />
          ) : (
            <NavLink
              key={item.href}
              component={Link}
              href={item.href}
              label={item.label}
              active={pathname === item.href}
            />
          ),
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        {securityDisabled && (
          <Alert color="red" variant="filled" mb="md" role="alert" title="Security is disabled">
            SECURITY_DISABLED=true: anyone who can reach this service acts with every permission.
          </Alert>
        )}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
