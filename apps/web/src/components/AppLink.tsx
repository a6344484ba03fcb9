import { forwardRef, type ComponentProps } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { withStickyQuery } from '../navigation/nav-rules';

type LinkProps = Omit<ComponentProps<typeof Link>, 'to'> & { to: string };
type NavProps = Omit<ComponentProps<typeof NavLink>, 'to'> & { to: string };

/** Every internal link: keeps the visit's ref and utm_source (SPEC §2). */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink({ to, ...rest }, ref) {
  const location = useLocation();
  return <Link ref={ref} to={withStickyQuery(to, location.search)} {...rest} />;
});

/** AppLink that knows whether it points at the current screen (aria-current). */
export const AppNavLink = forwardRef<HTMLAnchorElement, NavProps>(function AppNavLink({ to, ...rest }, ref) {
  const location = useLocation();
  return <NavLink ref={ref} to={withStickyQuery(to, location.search)} {...rest} />;
});

/** Programmatic navigation with the same sticky query values. */
export function useAppNavigate(): (to: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (to) => {
    void navigate(withStickyQuery(to, location.search));
  };
}
