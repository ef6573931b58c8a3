import { stegaClean } from '@sanity/client/stega';
import type { MetaDescriptor } from 'react-router';
import { urlFor, type ImageConfig, type ImageSource } from '../../sanity/image';
import { siteDataFrom, type MatchWithData, type SiteData } from './site-data';

type SeoInput = {
  title: string;
  description?: string | null;
  path: string;
  image?: SeoImage | null;
  noIndex?: boolean | null;
};

/** An image field as the queries return it; the asset may be missing while an editor works. */
type SeoImage = { asset: { _ref: string } | null };

function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, siteUrl).toString();
}

const FALLBACK_SITE_URL = 'http://localhost:3000';

/** The 1200×630 share image (Kakao crops it to the centre 800×400), as an absolute URL. */
function shareImageUrl(root: SiteData, siteUrl: string, image: SeoImage | null | undefined): string | undefined {
  if (!image?.asset) return undefined;
  return absoluteUrl(
    siteUrl,
    urlFor(root.imageConfig, image as ImageSource)
      .width(1200)
      .height(630)
      .format('jpg')
      .url(),
  );
}

/**
 * schema.org description of the complex for search engines: an ApartmentComplex with its address,
 * number of homes and the sales line. Built from siteSettings only, so staff edit it in the Studio.
 */
export function complexStructuredData(root: SiteData | undefined): Record<string, unknown> | null {
  const settings = root?.settings;
  if (!root || !settings?.brandName) return null;
  const siteUrl = settings.siteUrl ?? FALLBACK_SITE_URL;
  const facts = settings.facts;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'ApartmentComplex',
    name: settings.brandName,
    url: absoluteUrl(siteUrl, '/'),
    description: settings.defaultSeo?.description ?? undefined,
    image: shareImageUrl(root, siteUrl, settings.ogImage),
    telephone: settings.phone ?? undefined,
    address: settings.address ? { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'KR' } : undefined,
    numberOfAccommodationUnits: facts?.totalHouseholds ?? undefined,
    numberOfAvailableAccommodationUnits: facts?.generalSaleHouseholds ?? undefined,
  };
  return JSON.parse(JSON.stringify(stegaClean(data)));
}

/** "언론보도" → "언론보도 | 청학 파크 에디션": every page's <title> ends with the site's name. */
export function brandedTitle(title: string, brandName: string | null | undefined): string {
  const page = stegaClean(title);
  const brand = stegaClean(brandName);
  return !brand || page.includes(brand) ? page : `${page} | ${brand}`;
}

/**
 * Title, description, canonical, robots, Open Graph and Twitter tags for one page, read by
 * Naver, Google and Kakao's link previews straight from the server HTML.
 */
export function pageMeta(matches: readonly MatchWithData[], input: SeoInput): MetaDescriptor[] {
  const root = siteDataFrom(matches);
  const settings = root?.settings;
  const brandName = settings?.brandName ?? '';
  const siteUrl = settings?.siteUrl ?? FALLBACK_SITE_URL;
  const title = brandedTitle(input.title, brandName);
  const description = input.description ?? settings?.defaultSeo?.description ?? '';
  const canonical = absoluteUrl(siteUrl, input.path);
  const image = input.image?.asset ? input.image : settings?.ogImage;
  const imageUrl = root ? shareImageUrl(root, siteUrl, image) : undefined;

  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: input.noIndex ? 'noindex, nofollow' : 'index, follow' },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'ko_KR' },
    { property: 'og:site_name', content: brandName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (imageUrl) {
    tags.push(
      { property: 'og:image', content: imageUrl },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { name: 'twitter:image', content: imageUrl },
    );
  }
  if (settings?.naverSiteVerification) {
    tags.push({ name: 'naver-site-verification', content: settings.naverSiteVerification });
  }
  // In preview the values carry stega: the head is never clicked, and crawlers must not see them.
  return stegaClean<unknown>(tags) as MetaDescriptor[];
}

export type { ImageConfig };
