import type { PageByPathQueryResult } from '../../sanity/sanity.types';
import { SanityImage } from './SanityImage';
import './PageBanner.css';

type BannerImage = NonNullable<NonNullable<PageByPathQueryResult>['banner']>['image'];

type PageBannerProps = {
  title: string;
  text?: string | null;
  /** The menu group, shown above the title. */
  group?: string | null;
  /** Background artwork; decorative (the title says what the page is). */
  image?: BannerImage | null;
  /** The brand page lets its text box arrive later (500 ms instead of 100 ms). */
  delayText?: boolean;
  /** A page whose own heading is the h1 (a press article) shows the banner title as plain text. */
  titleIsHeading?: boolean;
};

/**
 * The inner-page title banner: the menu group as an eyebrow, the page title as the h1 (unless the
 * page has its own). The fade-in is a CSS animation, so the text is in the server HTML and shows
 * without JavaScript.
 */
export function PageBanner({ title, text, group, image, delayText, titleIsHeading = true }: PageBannerProps) {
  const Title = titleIsHeading ? 'h1' : 'p';
  return (
    <header className={delayText ? 'page-banner page-banner--delay-text' : 'page-banner'}>
      {/* Phones from 375 px at 2× to 412 px at 3×, and 1440-px screens, each get the next size up from what they show. */}
      {image ? <SanityImage image={{ ...image, alt: '' }} className="page-banner__image" widths={[640, 800, 1200, 1600, 1920]} sizes="100vw" priority /> : null}
      <div className="page-banner__inner">
        {group ? <p className="page-banner__group">{group}</p> : null}
        <Title className="page-banner__title">{title}</Title>
        {text ? <p className="page-banner__text">{text}</p> : null}
      </div>
    </header>
  );
}
