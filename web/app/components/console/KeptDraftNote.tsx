import { useEffect, useRef } from 'react';
import { consoleText } from './console-text';

/** Says that a kept draft was put back into the form (kept-draft.ts); focused, so it is read before anything else. */
export function KeptDraftNote() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} className="console-notice" role="status" tabIndex={-1} data-keeps-focus="">
      {consoleText.session.draftRestored}
    </p>
  );
}
