/** react-admin's layout with a user menu whose accessible name is the visible one (the person's name). */
import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import {
  AppBar,
  Layout,
  Logout,
  Menu,
  UserMenu,
  useGetIdentity,
  useRemoveFromStore,
  useSidebarState,
} from 'react-admin';

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

/** The menu's sections, in the order staff work: selling, the catalog, the site's content, settings. */
const SECTIONS: [title: string, resources: string[]][] = [
  ['Продажи', ['orders', 'requests', 'clinics', 'price_lists']],
  [
    'Каталог',
    ['products', 'categories', 'brands', 'specifications', 'imports', 'exchange_sessions', 'exchange_mappings'],
  ],
  [
    'Сайт',
    [
      'publications',
      'courses',
      'course_categories',
      'vacancies',
      'printing_prices',
      'banners',
      'contacts',
      'documents',
    ],
  ],
  ['Настройки', ['exchanges', 'users', 'newsletter', 'changes']],
];

function SectionTitle({ children }: { children: string }) {
  const [open] = useSidebarState();
  if (!open) return null;
  return (
    <Typography
      component="div"
      variant="caption"
      sx={{ px: 2, pt: 2, pb: 0.5, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 0.5 }}
    >
      {children}
    </Typography>
  );
}

/**
 * A menu link opens its list as it first opens (its default filters, the first page), not as it was
 * last left: react-admin would bring back the last filter and page it keeps. Links with a filter (the
 * dashboard's) and the browser's back button still show theirs.
 */
function ListMenuItem({ name }: { name: string }) {
  const forget = useRemoveFromStore();
  return <Menu.ResourceItem name={name} onClick={() => forget(`${name}.listParams`)} />;
}

function StaffMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      {SECTIONS.map(([title, resources]) => (
        <div key={title}>
          <SectionTitle>{title}</SectionTitle>
          {resources.map((name) => (
            <ListMenuItem key={name} name={name} />
          ))}
        </div>
      ))}
    </Menu>
  );
}

export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={StaffAppBar} menu={StaffMenu}>
      {children}
    </Layout>
  );
}
