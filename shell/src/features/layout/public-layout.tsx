import { useIsAuthenticated } from '@mindpath/sdk/session';
import { ThemeToggle } from '@mindpath/ui/theme';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useLogoutAndLeave } from '../session/use-logout-and-leave.ts';
import { PublicFooter } from './public-footer.tsx';
import styles from './public-layout.module.css';
import { SkipLink } from './skip-link.tsx';

const PUBLIC_LINKS = [
  { to: '/', label: 'Main' },
  { to: '/about', label: 'About' },
  { to: '/pricing', label: 'Pricing' },
] as const;

/** The header of public pages (not the landing page): visitor links, or Dashboard + Logout when logged in. */
export function PublicHeader() {
  const authenticated = useIsAuthenticated();
  const logout = useLogoutAndLeave();
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        <span className={`logo-mark ${styles.logo}`} aria-hidden="true" />
        <span className={styles.brandName}>Mindpath</span>
      </Link>
      <nav aria-label="Site" className={styles.nav}>
        {authenticated ? (
          <>
            <NavLink to="/today" className={styles.link}>
              Dashboard
            </NavLink>
            <button type="button" className={styles.button} onClick={logout}>
              Logout
            </button>
          </>
        ) : (
          <>
            {PUBLIC_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} end className={styles.link}>
                {l.label}
              </NavLink>
            ))}
            <NavLink to="/login" className={styles.link}>
              Log in
            </NavLink>
            <Link to="/register" className={styles.primary}>
              Sign up
            </Link>
          </>
        )}
        <ThemeToggle className="icon-button" />
      </nav>
    </header>
  );
}

export function PublicLayout({ children, header }: { children: ReactNode; header: boolean }) {
  return (
    <div className={styles.page}>
      <SkipLink />
      {header ? <PublicHeader /> : null}
      <main id="main" className={styles.main}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
