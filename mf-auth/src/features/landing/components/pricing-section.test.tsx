// @vitest-environment jsdom
import { renderPage } from '@mindpath/mf/render-page';
import { RemoteLoaderContext, type RemoteModuleLoader } from '@mindpath/ui/remote-loader';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PricingSection } from './pricing-section.tsx';

afterEach(cleanup);

const withLoader = (loader: RemoteModuleLoader) => (
  <RemoteLoaderContext.Provider value={loader}>
    <PricingSection />
  </RemoteLoaderContext.Provider>
);

describe('the landing page pricing', () => {
  it("shows the billing remote's plan cards", async () => {
    const load = vi.fn(async () => ({ default: () => <p>the plan cards</p> }));
    renderPage(withLoader({ load } as RemoteModuleLoader), { path: '/' });
    expect(await screen.findByText('the plan cards')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('billing/PlanCards');
    expect(screen.getByRole('region', { name: 'Pricing' }).id).toBe('pricing');
  });

  it('keeps the two plan buttons when the billing remote cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async () => {
      throw new Error('mf-billing is down');
    });
    renderPage(withLoader({ load } as RemoteModuleLoader), { path: '/' });
    expect((await screen.findByRole('link', { name: 'Get Pro' })).getAttribute('href')).toBe(
      '/register?plan=pro',
    );
    expect(screen.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe(
      '/register?plan=free',
    );
  });

  it('scrolls itself into view at /#pricing', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderPage(<PricingSection />, { path: '/#pricing', route: '/' });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Get Pro' })).toBeTruthy();
  });
});
