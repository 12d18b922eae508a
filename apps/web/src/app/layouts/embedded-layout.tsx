import { Outlet } from 'react-router';
import { PermissionGate } from '../guards/permission-gate';

/** The `/app` area runs inside the merchant's mobile app, which has its own bars: no chrome here. */
export function EmbeddedLayout() {
  return (
    <main className="embedded-content" id="main-content">
      <PermissionGate embedded>
        <Outlet />
      </PermissionGate>
    </main>
  );
}
