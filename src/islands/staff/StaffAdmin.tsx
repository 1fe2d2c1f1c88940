/**
 * react-admin's `<Admin>` put together from its parts (as react-admin's own Admin.tsx does), without the
 * defaults the back office replaces: react-admin's login page (its form, inputs and react-hook-form), its
 * English words and its OAuth callback page would otherwise load with the shell. Everything else is
 * react-admin's: the MUI theme, the notifications, the loading, error and not-found pages.
 */
import type { ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  Navigate,
  NotFound,
  Notification,
  type AuthProvider,
  type DashboardComponent,
  type DataProvider,
  type I18nProvider,
  type LayoutComponent,
  type RaThemeOptions,
} from 'react-admin';

// react-admin's own default store: the lists' and the sidebar's preferences stay where they were kept.
const store = localStorageStore();

// react-admin's NotFound takes a string title, the catch-all route's type a title component.
function PageNotFound() {
  return <NotFound />;
}

/** The sign-in form is the island's (StaffEntry.tsx): an old `#/login` address opens the dashboard. */
function ToDashboard() {
  return <Navigate to="/" replace />;
}

interface StaffAdminProps {
  title: string;
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  theme: RaThemeOptions;
  layout: LayoutComponent;
  dashboard: DashboardComponent;
  /** The `<Resource>`s. */
  children: ReactNode;
}

export function StaffAdmin({
  title,
  authProvider,
  dataProvider,
  i18nProvider,
  theme,
  layout,
  dashboard,
  children,
}: StaffAdminProps) {
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title={title}
          dashboard={dashboard}
          layout={layout}
          loginPage={ToDashboard}
          authCallbackPage={false}
          catchAll={PageNotFound}
          loading={LoadingPage}
          error={ErrorPage}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          requireAuth
          disableTelemetry
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
