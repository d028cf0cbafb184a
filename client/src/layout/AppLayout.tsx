import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import classes from './AppLayout.module.css';
import { ConfigurationPanel } from './ConfigurationPanel';
import { searchSpotlight } from './search-spotlight';
import { SidebarNav } from './SidebarNav';
import { TopBar } from './TopBar';

// The search modal (spotlight, quick results, answer stream) is fetched right after the page
// shows rather than before: every app route's first load is smaller by its size.
const SearchModal = lazy(() => import('./SearchModal').then((m) => ({ default: m.SearchModal })));

/** SPEC §2 app layout: navigation sidebar, 'Configuration' panel, top bar (not on /app/search). */
export function AppLayout() {
  const { pathname } = useLocation();
  const onSearchPage = pathname === '/app/search' || pathname.startsWith('/app/search/');
  // Cmd+K / Ctrl+K opens the search modal from anywhere, typing in a field included.
  useHotkeys([['mod+K', () => searchSpotlight.toggle()]], []);

  return (
    <div className={classes.root}>
      {/* The first Tab stop: past the sidebar, panel and top bar, straight to the page. */}
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <SidebarNav />
      <ConfigurationPanel />
      <div className={classes.column}>
        {!onSearchPage && <TopBar />}
        <main id="main-content" tabIndex={-1} className={classes.main}>
          <Outlet />
        </main>
      </div>
      <Suspense fallback={null}>
        <SearchModal />
      </Suspense>
    </div>
  );
}
