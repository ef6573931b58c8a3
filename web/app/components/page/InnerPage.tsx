import type { ReactNode } from 'react';
import type { PageDocument } from '../../lib/content-page';
import { PageBanner } from '../PageBanner';
import { PageNotes } from '../PageNotes';
import { SubMenu } from '../SubMenu';
import { PageActions } from './PageActions';
import { PageSections } from './PageSections';
import './InnerPage.css';

type InnerPageProps = {
  page: PageDocument;
  /** The h1, when it is not the page document's title (e.g. "전용 59㎡A 평면도"). */
  heading?: string;
  /** The menu path the page is filed under; defaults to the page document's path. */
  menuPath?: string;
  /** What only this route shows (tables, cards, tabs), placed after the intro. */
  children?: ReactNode;
  /** What only this route shows after the page document's sections. */
  appendix?: ReactNode;
};

/**
 * The frame of every informational page: title banner (the one h1), sub-menu, intro, the route's
 * own content, the page document's sections, buttons and numbered notes.
 */
export function InnerPage({ page, heading, menuPath, children, appendix }: InnerPageProps) {
  return (
    <main id="main" className="inner-page">
      <PageBanner
        title={heading ?? page.title ?? ''}
        text={page.banner?.text}
        group={page.group}
        image={page.banner?.image}
        delayText={page.banner?.delayText ?? false}
      />
      <SubMenu path={menuPath ?? page.path ?? undefined} />
      <div className="inner-page__body">
        {page.intro ? <p className="inner-page__intro">{page.intro}</p> : null}
        <PageActions actions={page.actions} />
        {children}
        <PageSections sections={page.sections} />
        {appendix}
        <PageNotes notes={page.notes} />
      </div>
    </main>
  );
}
