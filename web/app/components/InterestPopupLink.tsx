import type { ReactNode } from 'react';
import { CUSTOMER_PATH } from '../../shared/menu';
import { shellLabels } from '../../shared/messages';

/** Every element with this attribute opens the popup instead of following its link. */
export const INTEREST_POPUP_ATTRIBUTE = 'data-interest-popup';

type InterestPopupLinkProps = { className?: string; children: ReactNode };

/**
 * Opens the interest popup: the popup script intercepts clicks on `[data-interest-popup]`;
 * without JavaScript the link goes to the visit-reservation page. Its name ends with what it
 * opens, whatever its visible text (a phone number, 방문예약).
 */
export function InterestPopupLink({ className, children }: InterestPopupLinkProps) {
  return (
    <a href={CUSTOMER_PATH} {...{ [INTEREST_POPUP_ATTRIBUTE]: '' }} className={className}>
      {children}
      <span className="visually-hidden"> ({shellLabels.opensRegistration})</span>
    </a>
  );
}
