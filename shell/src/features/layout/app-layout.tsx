import { ThemeToggle } from '@mindpath/ui/theme';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DataScope } from '../../data/data-scope.tsx';
import { RemoteSlot } from '../../remotes/remote-slot.tsx';
import { WelcomeGate } from '../welcome/welcome-gate.tsx';
import styles from './app-layout.module.css';
import { MenuIcon } from './icons.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SideNav } from './side-nav.tsx';
import { SkipLink } from './skip-link.tsx';

/**
 * Authenticated pages: sidebar (or the mobile top bar + overlay menu below 850 px), the focus timer
 * (bottom right) and the AI tutor chat (bottom left, clear of the timer). Both are remote slots: loaded after
 * the page, each failing alone. The layout is a data scope: its sidebar and every page in it read data.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) setMenuOpen(false);
  }, [pathname]);

  return (
    <DataScope>
      <div className={styles.app}>
        <SkipLink />
        <aside className={styles.sidebar} aria-label="Sidebar">
          <SideNav />
        </aside>

        <header className={styles.topbar}>
          <button
            ref={menuButton}
            type="button"
            className="icon-button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <Link to="/home" className={styles.brand}>
            <span className={`logo-mark ${styles.logo}`} aria-hidden="true" />
            <span>Mindpath</span>
          </Link>
          <ThemeToggle className="icon-button" />
        </header>
        {menuOpen ? <MobileMenu onClose={closeMenu} returnFocusTo={menuButton.current} /> : null}

        <main className={styles.main} id="main">
          {children}
        </main>

        <div className={styles.tutor}>
          <RemoteSlot id="lessons/TutorChat" variant="slot" />
        </div>
        <div className={styles.timer}>
          <RemoteSlot id="pomodoro/FocusTimer" variant="slot" />
        </div>
        <WelcomeGate />
      </div>
    </DataScope>
  );
}
