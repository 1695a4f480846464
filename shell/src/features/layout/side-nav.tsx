import { isPro } from '@mindpath/contracts/subscriptions-constants';
import { useSubscriptionStatus } from '@mindpath/sdk/hooks';
import { useReviewStats } from '@mindpath/sdk/reviews-hooks';
import { ThemeToggle } from '@mindpath/ui/theme';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogoutAndLeave } from '../session/use-logout-and-leave.ts';
import { useCurrentLessonHref } from './current-lesson.ts';
import {
  ExternalIcon,
  GoalsIcon,
  HomeIcon,
  KnowledgeIcon,
  LessonIcon,
  LogoutIcon,
  ReviewIcon,
  RoadmapIcon,
  SettingsIcon,
  SparkIcon,
} from './icons.tsx';
import { NAV_ITEMS, type NavKey, PRIVACY_URL, TERMS_URL } from './nav-items.ts';
import styles from './side-nav.module.css';

const ICONS: Record<NavKey, () => ReactNode> = {
  home: HomeIcon,
  lesson: LessonIcon,
  roadmap: RoadmapIcon,
  knowledge: KnowledgeIcon,
  review: ReviewIcon,
  goals: GoalsIcon,
  settings: SettingsIcon,
};

/** The side menu's content, shared by the desktop sidebar and the mobile overlay. */
export function SideNav({ onNavigate, showBrand = true }: { onNavigate?: () => void; showBrand?: boolean }) {
  const { pathname } = useLocation();
  const logout = useLogoutAndLeave();
  const { data: status } = useSubscriptionStatus();
  const pro = isPro(status);
  const currentLesson = useCurrentLessonHref();
  const due = useReviewStats().data?.dueNow ?? 0;

  const onLogout = () => {
    onNavigate?.();
    logout();
  };

  return (
    <div className={styles.nav}>
      {showBrand ? (
        <Link to="/home" className={styles.brand} onClick={onNavigate}>
          <span className="logo-mark" aria-hidden="true" />
          <span>Mindpath</span>
          {pro ? (
            <span className={styles.proBadge} data-testid="pro-badge">
              Pro
            </span>
          ) : null}
        </Link>
      ) : null}

      <nav aria-label="Main">
        <ul className={styles.list}>
          {NAV_ITEMS.map((item) => {
            const Icon = ICONS[item.key];
            const active = item.match(pathname);
            return (
              <li key={item.key}>
                <Link
                  to={item.key === 'lesson' ? currentLesson : item.to}
                  className={styles.item}
                  aria-current={active ? 'page' : undefined}
                  data-active={active || undefined}
                  onClick={onNavigate}
                >
                  <Icon />
                  <span>{item.label}</span>
                  {item.key === 'review' && due > 0 ? (
                    <span className={styles.count} data-testid="review-due">
                      {due}
                      <span className="visually-hidden"> due</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className={styles.spacer} />

      {!showBrand && pro ? (
        <span className={styles.proBadge} data-testid="pro-badge">
          Pro
        </span>
      ) : null}
      {status && !pro ? (
        <Link
          to="/settings"
          state={{ activeTab: 'subscription' }}
          className={styles.getPro}
          onClick={onNavigate}
        >
          <SparkIcon />
          <span>Get Pro</span>
        </Link>
      ) : null}

      <div className={styles.footer}>
        <div className={styles.footerRow}>
          <button type="button" className={styles.logout} onClick={onLogout}>
            <LogoutIcon />
            <span>Logout</span>
          </button>
          <ThemeToggle className="icon-button" />
        </div>
        <div className={styles.legal}>
          <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
            Terms of use <ExternalIcon />
          </a>
          <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
            Privacy policy <ExternalIcon />
          </a>
        </div>
      </div>
    </div>
  );
}
