import { bus } from '@mindpath/events';
import { Link } from 'react-router';
import styles from './public-footer.module.css';

/** The footer of every public page, the landing's too: the public pages and Cookie settings (spec 1 §2). */
export function PublicFooter() {
  return (
    <footer className={styles.footer}>
      <span>© Mindpath</span>
      <nav aria-label="Footer" className={styles.links}>
        <Link to="/about">About</Link>
        <Link to="/pricing">Pricing</Link>
        <Link to="/privacy-policy">Privacy policy</Link>
        <button type="button" className={styles.linkButton} onClick={() => bus.emit('cookie-settings-open')}>
          Cookie settings
        </button>
      </nav>
    </footer>
  );
}
