import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * A click-to-load facade (a link standing in for a third-party player). Activating it by click,
 * Enter or Space swaps in the player's frame and moves focus into it, because the link that had
 * focus is gone and focus would otherwise fall to the page's body.
 */
export function useFacade() {
  const [open, setOpen] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (open) frameRef.current?.focus();
  }, [open]);

  const activatorProps = {
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      event.preventDefault();
      setOpen(true);
    },
    // The facade looks and acts like a play button, so Space starts it as it would a button.
    onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
      if (event.key !== ' ') return;
      event.preventDefault();
      setOpen(true);
    },
  };
  return { open, frameRef, activatorProps };
}
