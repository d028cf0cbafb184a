import { Outlet, useLocation } from 'react-router-dom';
import classes from './AppLayout.module.css';
import { ConfigurationPanel } from './ConfigurationPanel';
import { SearchModal } from './SearchModal';
import { SidebarNav } from './SidebarNav';
import { TopBar } from './TopBar';

/** SPEC §2 app layout: navigation sidebar, 'Configuration' panel, top bar (not on /app/search). */
export function AppLayout() {
  const { pathname } = useLocation();
  const onSearchPage = pathname === '/app/search' || pathname.startsWith('/app/search/');

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
      <SearchModal />
    </div>
  );
}
