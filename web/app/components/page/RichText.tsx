import { PortableText, type PortableTextComponents } from '@portabletext/react';
import { Link } from 'react-router';
import type { BlockContent } from '../../../sanity/sanity.types';
import { isExternalHref } from '../../../shared/menu';
import { NewWindowNote } from '../NewWindowNote';
import './RichText.css';

type LinkMark = { href?: string; newTab?: boolean };

const components: PortableTextComponents = {
  marks: {
    link: ({ value, children }) => {
      const { href = '', newTab } = (value ?? {}) as LinkMark;
      if (isExternalHref(href) || newTab) {
        return (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {children}
            <NewWindowNote />
          </a>
        );
      }
      return <Link to={href}>{children}</Link>;
    },
  },
};

/** A Portable Text body from the Studio: paragraphs, lists, emphasis and links. */
export function RichText({ value }: { value: BlockContent | null | undefined }) {
  if (!value?.length) return null;
  return (
    <div className="rich-text">
      <PortableText value={value} components={components} />
    </div>
  );
}
