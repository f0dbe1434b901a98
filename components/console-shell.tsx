'use client';
import { Alert, Anchor, AppShell, Burger, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { SignOutButton } from './sign-out-button';
import { setServiceTimeZone } from './service-time';
import { LiveUpdatesProvider } from './live/live-updates';

const NAV = [
  { href: '/', label: 'Dashboard' },
  { href: '/incidents', label: 'Incidents' },
  { href: '/silences', label: 'Silences' },
  { href: '/oncall', label: 'On call' },
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/service-accounts', label: 'Service accounts' },
  { href: '/admin/groups', label: 'Groups' },
  { href: '/admin/notifications', label: 'Notifications' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/account', label: 'Your account' },
  { href: '/api/docs', label: 'API reference', external: true },
];

const OFF_SCREEN: CSSProperties = {
  position: 'absolute',
  left: -10_000,
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};
const ON_SCREEN: CSSProperties = {
  position: 'fixed',
  left: 8,
  top: 8,
  zIndex: 1000,
  padding: '8px 14px',
  background: 'var(--mantine-color-body)',
  border: '2px solid var(--mantine-primary-color-filled)',
  borderRadius: 'var(--mantine-radius-md)',
  boxShadow: 'var(--mantine-shadow-md)',
  fontWeight: 600,
};

/** The first stop of the Tab key: jumps past the header and navigation to the page itself. */
function SkipToContent() {
  const [focused, setFocused] = useState(false);
  return (
    <Anchor
      href="#main-content"
      style={focused ? ON_SCREEN : OFF_SCREEN}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
    >
      Skip to content
    </Anchor>
  );
}

export function ConsoleShell({
  username,
  securityDisabled,
  timeZone,
  children,
}: {
  username: string;
  securityDisabled: boolean;
  /** The service's time zone: its timestamps are local date-times in it (components/service-time.ts). */
  timeZone: string;
  children: ReactNode;
}) {
  setServiceTimeZone(timeZone);
  const pathname = usePathname();
  // Below the sm breakpoint the navbar covers the page, so there it opens and closes with the burger.
  const [navOpened, nav] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <SkipToContent />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Title order={2} size="h4" fz={{ base: 'md', sm: 'h4' }} lineClamp={1}>
              BPM Admin Console
            </Title>
          </Group>
          {/* A long username gives way (cut short, whole in its title), never the Sign out button. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Text size="sm" truncate="end" miw={0} title={username}>
              <Text span inherit c="dimmed" visibleFrom="xs">
                Signed in as{' '}
              </Text>
              <Text span inherit fw={600}>
                {username}
              </Text>
            </Text>
            <SignOutButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        {NAV.map((item) =>
          item.external ? (
            <NavLink key={item.href} component="a" href={item.href} label={item.label} onClick={nav.close} />
          ) : (
            <NavLink
              key={item.href}
              component={Link}
              href={item.href}
              label={item.label}
              active={pathname === item.href || (item.href !== '/' && pathname.startsWith(item.href + '/'))}
              onClick={nav.close}
            />
          ),
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        {securityDisabled && (
          <Alert color="red" variant="filled" mb="md" role="alert" title="Security is disabled">
            SECURITY_DISABLED=true: anyone who can reach this service acts with every permission.
          </Alert>
        )}
        {/* One incident change stream per tab, for every live page (components/live/live-updates.tsx). */}
        <LiveUpdatesProvider>{children}</LiveUpdatesProvider>
      </AppShell.Main>
    </AppShell>
  );
}
