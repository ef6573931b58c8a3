import type { ReactNode } from 'react';
import { CUSTOMER_PATH } from '../lib/menu';

type InterestPopupLinkProps = { className?: string; children: ReactNode; 'aria-label'?: string };

/**
 * Opens the interest popup: the popup script intercepts clicks on `[data-interest-popup]`;
 * without JavaScript the link goes to the visit-reservation page.
 */
export function InterestPopupLink({ className, children, 'aria-label': ariaLabel }: InterestPopupLinkProps) {
  return (
    <a href={CUSTOMER_PATH} data-interest-popup="" className={className} aria-label={ariaLabel}>
      {children}
    </a>
  );
}
