// Flags for the Chromium that the e2e suite and the bench drive. Each new browser context opens a window, and
// Debian's Chromium (v156) preloads that window's WebUI omnibox popup, toolbar and reload button in a
// "WebUI Top Renderer" process. A Chromium trace of one landing load showed that renderer busy for 1.8 s of
// the first 1.8 s, a whole core of this two-core machine taken from the page under test. A phone loading the
// page runs no such thing, so the browser's own UI is turned off, as Lighthouse's launcher turns off
// the browser's other background work.
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,WebUIToolbar,WebUIReloadButton',
];
