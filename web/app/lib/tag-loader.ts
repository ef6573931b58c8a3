/**
 * The ad platforms' tags in the browser, imported only on a page that has tags switched on (see
 * tag-loading.ts): each tag's set-up is our own code (no inline script, so the CSP stays
 * hash-only; it allows exactly the enabled providers' hosts), its script, its page views and its
 * standard conversion event, fired with no parameters: nothing about the person (name, phone,
 * message) ever reaches a tag.
 */
import { TAG_PROVIDERS, type EnabledTag, type TagProvider } from '../../shared/third-party-tags';

type Queue = ((...args: unknown[]) => void) & {
  queue?: unknown[][];
  callMethod?: (...args: unknown[]) => void;
  push?: unknown;
  loaded?: boolean;
  version?: string;
};

type TagWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: Queue;
  _fbq?: Queue;
  wcs_add?: Record<string, string>;
  wcs?: { inflow?: () => void; cnv?: (type: string, value: string) => unknown };
  wcs_do?: (nasa?: Record<string, unknown>) => void;
  kakaoPixel?: (id: string) => { pageView(): void; completeRegistration(): void };
};

const tagWindow = () => window as TagWindow;

/** What each provider does: set up before its script arrives, and its page view and conversion. */
const ACTIONS: Record<TagProvider, { setUp?(id: string): void; pageView(id: string): void; conversion(id: string): void }> = {
  googleAnalytics: {
    setUp(id) {
      const w = tagWindow();
      w.dataLayer = w.dataLayer ?? [];
      // gtag.js reads the arguments objects it is given, as its own snippet pushes them.
      w.gtag = function gtag() {
        // eslint-disable-next-line prefer-rest-params
        w.dataLayer!.push(arguments);
      };
      w.gtag('js', new Date());
      // Page views are sent below, on each navigation, not by the config call.
      w.gtag('config', id, { send_page_view: false });
    },
    pageView: () => tagWindow().gtag?.('event', 'page_view'),
    conversion: () => tagWindow().gtag?.('event', TAG_PROVIDERS.googleAnalytics.conversion),
  },
  metaPixel: {
    setUp(id) {
      const w = tagWindow();
      const fbq: Queue = (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args));
      Object.assign(fbq, { queue: [], push: fbq, loaded: true, version: '2.0' });
      w.fbq = w._fbq = fbq;
      fbq('init', id);
    },
    pageView: () => tagWindow().fbq?.('track', 'PageView'),
    conversion: () => tagWindow().fbq?.('track', TAG_PROVIDERS.metaPixel.conversion),
  },
  naverAnalytics: {
    setUp(id) {
      tagWindow().wcs_add = { wa: id };
    },
    pageView() {
      const w = tagWindow();
      w.wcs?.inflow?.();
      w.wcs_do?.();
    },
    conversion() {
      const w = tagWindow();
      // Conversion type 4 is 신청/예약 in Naver's search ad conversions; value 1, no details.
      if (w.wcs?.cnv) w.wcs_do?.({ cnv: w.wcs.cnv('4', '1') });
    },
  },
  kakaoPixel: {
    pageView: (id) => tagWindow().kakaoPixel?.(id).pageView(),
    conversion: (id) => tagWindow().kakaoPixel?.(id).completeRegistration(),
  },
};

/** Tags whose script has run; conversions before then wait for it. */
const ready = new Map<TagProvider, string>();
const waiting = new Map<TagProvider, Array<(id: string) => void>>();

function whenReady(provider: TagProvider, run: (id: string) => void): void {
  const id = ready.get(provider);
  if (id) run(id);
  else waiting.set(provider, [...(waiting.get(provider) ?? []), run]);
}

function load({ provider, id }: EnabledTag): void {
  if (ready.has(provider) || waiting.has(provider)) return;
  waiting.set(provider, []);
  const actions = ACTIONS[provider];
  actions.setUp?.(id);
  const script = document.createElement('script');
  script.async = true;
  script.src = TAG_PROVIDERS[provider].script(id);
  script.dataset.tag = provider;
  script.addEventListener('load', () => {
    ready.set(provider, id);
    actions.pageView(id);
    for (const run of waiting.get(provider) ?? []) run(id);
    waiting.delete(provider);
  });
  document.head.append(script);
}

/** Fires each enabled tag's standard conversion event, with nothing about the person. */
export function trackConversion(tags: readonly EnabledTag[]): void {
  for (const { provider } of tags) whenReady(provider, (id) => ACTIONS[provider].conversion(id));
}

/** Loads every enabled tag's script (once). */
export function loadTags(tags: readonly EnabledTag[]): void {
  tags.forEach(load);
}

/** A client navigation: a page view for each tag already running. */
export function trackPageView(tags: readonly EnabledTag[]): void {
  for (const { provider } of tags) if (ready.has(provider)) ACTIONS[provider].pageView(ready.get(provider)!);
}

export type TagLoader = { loadTags: typeof loadTags; trackPageView: typeof trackPageView; trackConversion: typeof trackConversion };

// Loaded by URL as a bundle of its own (tag-loading.ts), whose exports the build does not
// keep: its functions are handed over here.
(window as Window & { cheonghakTagLoader?: TagLoader }).cheonghakTagLoader = { loadTags, trackPageView, trackConversion };
