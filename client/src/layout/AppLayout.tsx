import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import classes from './AppLayout.module.css';
import { ConfigurationPanel } from './ConfigurationPanel';
import { NavBurger } from './NavBurger';
import { searchSpotlight } from './search-spotlight';
import { SidebarNav } from './SidebarNav';
import { TopBar } from './TopBar';

// The search modal (spotlight, quick results, answer stream) is fetched right after the page
// shows rather than before: every app route's first load is smaller by its size.
const SearchModal = lazy(() => import('./SearchModal').then((m) => ({ default: m.SearchModal })));
// Loaded the first time a phone opens it: desktops never fetch it.
const NavDrawer = lazy(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));
// Asks whether the address is verified after the page is up; most people never see it.
const EmailVerificationBanner = lazy(() =>
  import('../modules/account/components/EmailVerificationBanner').then((m) => ({
    default: m.EmailVerificationBanner,
  })),
);

/**
 * SPEC §2 app layout: navigation sidebar, 'Configuration' panel, top bar (not on /app/search).
 * On phones the sidebar is a drawer opened from a burger: in the top bar, or on /app/search
 * (which has none) at the top of the page.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const onSearchPage = pathname === '/app/search' || pathname.startsWith('/app/search/');
  // Cmd+K / Ctrl+K opens the search modal from anywhere, typing in a field included.
  useHotkeys([['mod+K', () => searchSpotlight.toggle()]], []);
  const [navOpened, nav] = useDisclosure(false);
  const [navUsed, setNavUsed] = useState(false);
  // The drawer mounts already open the first time (it is loaded then), so Mantine has no
  // element to give focus back to: the burger that opened it is kept here.
  const opener = useRef<HTMLElement | null>(null);
  const openNav = () => {
    opener.current = document.activeElement as HTMLElement | null;
    setNavUsed(true);
    nav.open();
  };
  const closeNav = () => {
    nav.close();
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <div className={classes.root}>
      {/* The first Tab stop: past the sidebar, panel and top bar, straight to the page. */}
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <SidebarNav />
      <ConfigurationPanel />
      <div className={classes.column}>
        {!onSearchPage && <TopBar navOpened={navOpened} onOpenNav={openNav} />}
        <main id="main-content" tabIndex={-1} className={classes.main}>
          {onSearchPage && (
            <div className={classes.phoneNav}>
              <NavBurger opened={navOpened} onOpen={openNav} />
            </div>
          )}
          <Suspense fallback={null}>
            <EmailVerificationBanner />
          </Suspense>
          <Outlet />
        </main>
      </div>
      {navUsed && (
        <Suspense fallback={null}>
          <NavDrawer opened={navOpened} onClose={closeNav} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <SearchModal />
      </Suspense>
    </div>
  );
}
