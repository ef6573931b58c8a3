import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { leadMessages } from '../../../shared/messages';
import { useSiteData } from '../../lib/site-data';
import { INTEREST_POPUP_ATTRIBUTE } from '../InterestPopupLink';
import { LeadForm } from './LeadForm';
import { loadBeganVisit } from '../../lib/visit';
import './InterestPopup.css';

/**
 * The interest-registration popup, mounted once in root.tsx. Openers anywhere on the site are
 * `InterestPopupLink`s (without JavaScript they simply lead to the customer page); one click
 * listener on the document intercepts them. A real modal <dialog>:
 * focus stays inside, Esc closes, focus returns to the opener. Opening pushes a history entry
 * with the page's own state, so browser Back closes the popup and stays on the page; the router
 * never sees that entry (its popstate is swallowed here). Once the listeners are attached the dialog
 * carries `data-ready` (before that, an opener is still the plain link to the customer page).
 */
export function InterestPopup() {
  const leadForm = useSiteData()?.leadForm;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // Our history entry is the current one (pushed on open, not yet popped).
  const ownsHistoryEntry = useRef(false);
  // The next popstate is our own history.back() after closing by button, Esc or backdrop.
  const swallowNextPop = useRef(false);
  const [openCount, setOpenCount] = useState(0);
  const [open, setOpen] = useState(false);
  const location = useLocation();

  const show = useCallback((opener: HTMLElement) => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    openerRef.current = opener;
    setOpenCount((count) => count + 1);
    setOpen(true);
    dialog.showModal();
    window.history.pushState(window.history.state, '');
    ownsHistoryEntry.current = true;
  }, []);

  useEffect(() => {
    loadBeganVisit();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const opener = (event.target as Element | null)?.closest?.(`[${INTEREST_POPUP_ATTRIBUTE}]`);
      if (!(opener instanceof HTMLElement)) return;
      event.preventDefault();
      show(opener);
    };
    const onPopState = (event: PopStateEvent) => {
      if (swallowNextPop.current) {
        swallowNextPop.current = false;
        event.stopImmediatePropagation();
        return;
      }
      if (!ownsHistoryEntry.current) return;
      // Back while the popup is open: close it and stay on the page.
      ownsHistoryEntry.current = false;
      event.stopImmediatePropagation();
      dialogRef.current?.close();
    };
    // Capture phase: before React Router's <Link> handlers and its own popstate listener.
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    dialogRef.current?.setAttribute('data-ready', '');
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [show]);

  // A navigation from inside the popup (a link in the notice) pushes over our entry: just close.
  useEffect(() => {
    ownsHistoryEntry.current = false;
    dialogRef.current?.close();
  }, [location.key]);

  function onClose() {
    setOpen(false);
    if (ownsHistoryEntry.current) {
      ownsHistoryEntry.current = false;
      swallowNextPop.current = true;
      window.history.back();
    }
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }

  // Without form data (an error page) the openers stay plain links to the customer page.
  if (!leadForm) return null;

  return (
    <dialog
      ref={dialogRef}
      className="interest-popup"
      aria-labelledby="interest-popup-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="interest-popup__panel">
        <div className="interest-popup__header">
          <h2 id="interest-popup-title" className="interest-popup__title">
            {leadMessages.popupTitle}
          </h2>
          <button type="button" className="interest-popup__close" aria-label={leadMessages.close} onClick={() => dialogRef.current?.close()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {leadForm.notice?.popupText ? <p className="interest-popup__text">{leadForm.notice.popupText}</p> : null}
        {open ? <LeadForm key={openCount} kind="popup" idPrefix="popup" data={leadForm} focusOnMount /> : null}
      </div>
    </dialog>
  );
}
