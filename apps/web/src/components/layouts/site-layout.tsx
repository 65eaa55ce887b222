import { Outlet } from 'react-router';

/** §2 regions: side menu, header, footer, floating customer-service widget. */
export function SiteLayout() {
  return (
    <div className="site">
      <main className="site__main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
