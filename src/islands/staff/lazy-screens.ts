import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The components a module exports, each as a React.lazy component. */
export type LazyScreens<M> = {
  readonly [K in keyof M as M[K] extends ComponentType<never> ? K : never]: M[K] extends ComponentType<infer P>
    ? LazyExoticComponent<ComponentType<P>>
    : never;
};

/**
 * The screens of one back-office module, loaded with the first of them shown: each section's code (and
 * what only it uses) is fetched when it is opened, not with the back office.
 * `const orders = lazyScreens(() => import('./orders.tsx'))`, then `list={orders.OrderList}`.
 * react-admin's layout shows its loading screen meanwhile (its content is in a Suspense boundary).
 */
export function lazyScreens<M extends object>(load: () => Promise<M>): LazyScreens<M> {
  const made = new Map<PropertyKey, LazyExoticComponent<ComponentType>>();
  // One lazy component per export, made when first asked for: a new one on every render would remount.
  return new Proxy({} as LazyScreens<M>, {
    get(_, name) {
      let screen = made.get(name);
      if (!screen) {
        screen = lazy(async () => ({ default: (await load())[name as keyof M] as ComponentType }));
        made.set(name, screen);
      }
      return screen;
    },
  });
}
