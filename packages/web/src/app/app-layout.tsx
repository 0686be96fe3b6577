import { AppShell, Burger, ScrollArea } from '@mantine/core';
import './app-layout.css';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { sessionStore } from '../platform/auth-store';
import { useStore } from '../platform/create-store';
import { AppHeader } from './app-header';
import { AppMenu } from './app-menu';

/** The skip link's target: the routed screen. */
const MAIN_ID = 'main-content';

/**
 * The signed-in frame: header and navigation menu around the routed screen, and a "Skip to
 * content" link as the first Tab of every page (past the header and the menu).
 */
export function AppLayout() {
  const session = useStore(sessionStore);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // A route open without authentication (trucks on the road) renders bare for a visitor.
  if (session.status !== 'authenticated') return <Outlet />;
  return (
    <>
      <a
        href={`#${MAIN_ID}`}
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        data-testid="skip-link"
      >
        Skip to content
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="lg"
      >
        <AppShell.Header>
          <AppHeader burger={<Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />} />
        </AppShell.Header>
        <AppShell.Navbar>
          <ScrollArea type="auto" h="100%">
            <AppMenu onNavigate={close} />
          </ScrollArea>
        </AppShell.Navbar>
        {/* data-pathname: the route the screen shows, once the router has rendered it (for tests). */}
        <AppShell.Main data-pathname={pathname} id={MAIN_ID} tabIndex={-1}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
