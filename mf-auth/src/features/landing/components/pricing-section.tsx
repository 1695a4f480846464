import { buttonClassName } from '@mindpath/ui/button';
import { type RemoteModuleLoader, useRemoteLoader } from '@mindpath/ui/remote-loader';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
} from 'react';
import { Link, useLocation } from 'react-router';
import styles from './pricing-section.module.css';
import sections from './sections.module.css';

type PlanCards = LazyExoticComponent<ComponentType>;
const planCards = new WeakMap<RemoteModuleLoader, PlanCards>();

/** billing/PlanCards through the shell's federation registry (mf-billing owns the prices), loaded once. */
function planCardsOf(loader: RemoteModuleLoader): PlanCards {
  let cards = planCards.get(loader);
  if (!cards) {
    cards = lazy(() => loader.load<{ default: ComponentType }>('billing/PlanCards'));
    planCards.set(loader, cards);
  }
  return cards;
}

/** Without the billing remote (down, or a standalone run) the landing keeps the spec's two plan buttons. */
function PlanButtons() {
  return (
    <div className={styles.fallback}>
      <Link to="/register?plan=free" className={buttonClassName({ variant: 'secondary' })}>
        Start for free
      </Link>
      <Link to="/register?plan=pro" className={buttonClassName()}>
        Get Pro
      </Link>
    </div>
  );
}

class CardsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[mindpath] billing/PlanCards', error);
  }
  override render() {
    return this.state.failed ? <PlanButtons /> : this.props.children;
  }
}

/** The landing's #pricing (spec 1 §2): the plan cards; /#pricing (Try Upgrade Again) scrolls here. */
export function PricingSection() {
  const loader = useRemoteLoader();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    // a navigation inside the app does not scroll to its hash by itself
    if (hash === '#pricing') section.current?.scrollIntoView();
  }, [hash]);
  const Cards = loader ? planCardsOf(loader) : null;
  return (
    <section id="pricing" ref={section} className={sections.section} aria-labelledby="pricing-title">
      <h2 id="pricing-title" className={sections.title}>
        Pricing
      </h2>
      <p className={sections.intro}>Start free. Upgrade to Professional when you want more.</p>
      {Cards ? (
        <CardsBoundary>
          <Suspense fallback={null}>
            <Cards />
          </Suspense>
        </CardsBoundary>
      ) : (
        <PlanButtons />
      )}
    </section>
  );
}
