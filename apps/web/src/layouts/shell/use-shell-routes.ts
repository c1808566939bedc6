/** The merged, filtered routes and menu of the signed-in user, and where the current page sits in them. */
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAccountStore } from '../../stores/account';
import {
  STATIC_ROUTES,
  ancestorKeys,
  buildMenu,
  canVisit,
  findRouteByPath,
  indexByKey,
  mergeRoutes,
  type AppRoute,
  type MenuNode,
} from '../../router/menu-routes';

/** What {@link useShellRoutes} answers. */
export interface ShellRoutes {
  routes: AppRoute[];
  byKey: Map<string, AppRoute>;
  menu: MenuNode[];
  /** The route of the current location, if it is a menu page. */
  current: AppRoute | undefined;
  /** Keys from the top-level entry down to the current route. */
  currentKeys: string[];
  /** Whether the user may visit a route (it and all its parents allow the user). */
  canVisit(route: AppRoute): boolean;
}

/** Static routes merged with the user's server routes (by path, the server wins), filtered for the user. */
export function useShellRoutes(): ShellRoutes {
  const user = useAccountStore((s) => s.user);
  const { pathname } = useLocation();
  const base = useMemo(() => {
    const routes = mergeRoutes(STATIC_ROUTES, user?.routes);
    const byKey = indexByKey(routes);
    const authorities = user ?? { permissions: [], roles: [] };
    return {
      routes,
      byKey,
      menu: buildMenu(routes, authorities),
      canVisit: (route: AppRoute) => canVisit(authorities, route, byKey),
    };
  }, [user]);
  return useMemo(() => {
    const current = findRouteByPath(base.routes, pathname);
    return { ...base, current, currentKeys: ancestorKeys(current, base.byKey) };
  }, [base, pathname]);
}
