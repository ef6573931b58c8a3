/**
 * The ad platforms' measurement tags the marketing team may switch on in siteSettings (all off by
 * default: then no request leaves the site). One entry per provider says where its script comes
 * from, which hosts the CSP must allow for it (exactly those), what the privacy policy says about
 * it, and which standard event a registration fires. Shared by the server (CSP), the browser
 * (loading, events) and the privacy page.
 */

export type TagProvider = 'naverAnalytics' | 'kakaoPixel' | 'googleAnalytics' | 'metaPixel';

export type TagSettings = Partial<Record<TagProvider, string | null>> | null | undefined;

/** A tag switched on: its provider, its ID, and the provider's name and company as the privacy notice names them. */
export type EnabledTag = { provider: TagProvider; id: string; name: string; company: string };

type ProviderFacts = {
  /** Shown in the Studio and the privacy policy. */
  name: string;
  company: string;
  /** What the settings field accepts (the Studio validates the same). */
  idPattern: RegExp;
  idExample: string;
  script: (id: string) => string;
  /** CSP sources per directive: the script's host, and where the tag sends its measurements. */
  hosts: { script: string[]; connect: string[]; img: string[] };
  /** The standard conversion event a registration fires (no parameters: nothing about the person). */
  conversion: string;
};

export const TAG_PROVIDERS: Record<TagProvider, ProviderFacts> = {
  naverAnalytics: {
    name: '네이버 애널리틱스(검색광고 전환 추적)',
    company: '네이버(주)',
    idPattern: /^[A-Za-z0-9_]{4,40}$/,
    idExample: 's_1a2b3c4d5e6f',
    script: () => 'https://wcs.naver.net/wcslog.js',
    hosts: { script: ['https://wcs.naver.net'], connect: ['https://wcs.naver.com'], img: ['https://wcs.naver.com'] },
    conversion: '전환 유형 4(신청/예약)',
  },
  kakaoPixel: {
    name: '카카오 픽셀',
    company: '(주)카카오',
    idPattern: /^\d{5,25}$/,
    idExample: '1234567890123456789',
    script: () => 'https://t1.daumcdn.net/kas/static/kp.js',
    hosts: { script: ['https://t1.daumcdn.net'], connect: ['https://bc.ad.daum.net'], img: ['https://bc.ad.daum.net'] },
    conversion: 'completeRegistration',
  },
  googleAnalytics: {
    name: 'Google 애널리틱스 4',
    company: 'Google LLC',
    idPattern: /^G-[A-Z0-9]{4,20}$/,
    idExample: 'G-ABC123XYZ9',
    script: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    hosts: {
      script: ['https://www.googletagmanager.com'],
      connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
      img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
    },
    conversion: 'generate_lead',
  },
  metaPixel: {
    name: 'Meta 픽셀',
    company: 'Meta Platforms, Inc.',
    idPattern: /^\d{5,20}$/,
    idExample: '123456789012345',
    script: () => 'https://connect.facebook.net/en_US/fbevents.js',
    hosts: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com'], img: ['https://www.facebook.com'] },
    conversion: 'Lead',
  },
};

export const TAG_PROVIDER_NAMES = Object.keys(TAG_PROVIDERS) as TagProvider[];

/** The tags switched on: a provider with an ID of its own format (anything else stays off). */
export function enabledTags(settings: TagSettings): EnabledTag[] {
  const tags: EnabledTag[] = [];
  for (const provider of TAG_PROVIDER_NAMES) {
    const id = settings?.[provider]?.trim();
    if (id && TAG_PROVIDERS[provider].idPattern.test(id))
      tags.push({ provider, id, name: TAG_PROVIDERS[provider].name, company: TAG_PROVIDERS[provider].company });
  }
  return tags;
}

/** The CSP sources the enabled tags need, per directive. */
export function tagCspSources(tags: readonly EnabledTag[]): { script: string[]; connect: string[]; img: string[] } {
  const sources = { script: [] as string[], connect: [] as string[], img: [] as string[] };
  for (const { provider } of tags) {
    const { hosts } = TAG_PROVIDERS[provider];
    sources.script.push(...hosts.script);
    sources.connect.push(...hosts.connect);
    sources.img.push(...hosts.img);
  }
  return sources;
}
