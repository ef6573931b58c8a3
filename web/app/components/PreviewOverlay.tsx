import { useEffect } from 'react';
// Built as a bundle of its own, with its own copy of React, imported by URL only in a Sanity
// preview: no visitor's page loads any of it, and the app's chunks do not change because of it.
import overlayUrl from '../lib/visual-editing-overlay?worker&url';

/** Sanity's visual-editing overlay (click a text to edit it in the Studio), only in a Sanity preview. */
export function PreviewOverlay() {
  useEffect(() => {
    void import(/* @vite-ignore */ overlayUrl);
  }, []);
  return null;
}
