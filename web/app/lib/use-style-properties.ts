import { useLayoutEffect, useRef } from 'react';

/**
 * Sets CSS properties (custom properties too) on the element behind the returned ref, through
 * the CSSOM after render. The strict CSP (style-src without 'unsafe-inline') blocks `style="…"`
 * attributes in the server's HTML, not CSSOM writes; so components use this instead of `style`.
 */
export function useStyleProperties<T extends HTMLElement>(properties: Record<string, string>) {
  const ref = useRef<T>(null);
  const key = JSON.stringify(properties);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>)) element.style.setProperty(name, value);
  }, [key]);
  return ref;
}
