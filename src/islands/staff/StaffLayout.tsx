/** react-admin's layout with a user menu whose accessible name is the visible one (the person's name). */
import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, UserMenu, useGetIdentity } from 'react-admin';

function StaffUserMenu() {
  const { identity } = useGetIdentity();
  // The stock menu's button shows the name but is labelled «Профиль»: screen readers and voice control
  // users would not find what sighted users see.
  return (
    <UserMenu label={identity?.fullName ?? 'Профиль'}>
      <Logout />
    </UserMenu>
  );
}

function StaffAppBar() {
  return <AppBar userMenu={<StaffUserMenu />} />;
}

export function StaffLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={StaffAppBar}>{children}</Layout>;
}
