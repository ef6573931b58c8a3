import { useEffect, useState } from 'react';
import type { LeadFormData } from '../../../shared/lead-form';
import { fetchFormData } from './lead-api';

/** A failed token refresh is tried again after 1 s, 2 s, 4 s … but never waits longer than this. */
const TOKEN_RETRY_MAX_DELAY_MS = 30_000;

/**
 * Keeps the form's token fresh: one refresh at a time, each failed attempt followed by a longer
 * wait (1 s, 2 s, 4 s … up to 30 s) until one succeeds or the form goes away. `onRetrying` is
 * called whenever the caller is left waiting on a failed attempt.
 */
export function useTokenRefresh(setFormData: (data: LeadFormData) => void) {
  const [refresher] = useState(() => {
    let running: Promise<LeadFormData> | null = null;
    let failures = 0;
    let wake: (() => void) | null = null;
    let stopped = false;
    const listeners = new Set<() => void>();

    async function attempts(): Promise<LeadFormData> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const fresh = await fetchFormData();
          failures = 0;
          return fresh;
        } catch (error) {
          failures += 1;
          if (stopped) throw error;
          listeners.forEach((listener) => listener());
          await new Promise<void>((resolve) => {
            const timer = window.setTimeout(done, Math.min(1000 * 2 ** attempt, TOKEN_RETRY_MAX_DELAY_MS));
            function done() {
              window.clearTimeout(timer);
              wake = null;
              resolve();
            }
            wake = done;
          });
          if (stopped) throw error;
        }
      }
    }

    return {
      refresh(onRetrying?: () => void): Promise<LeadFormData> {
        running ??= attempts()
          .then((fresh) => {
            if (!stopped) setFormData(fresh);
            return fresh;
          })
          .finally(() => {
            running = null;
            listeners.clear();
          });
        if (onRetrying) {
          listeners.add(onRetrying);
          // Joining a refresh that is already failing: say so at once.
          if (failures > 0) onRetrying();
        }
        return running;
      },
      /** Cuts the current wait short; false when no refresh is waiting. */
      retryNow(): boolean {
        if (!wake) return false;
        wake();
        return true;
      },
      stop() {
        stopped = true;
        wake?.();
      },
      start() {
        stopped = false;
      },
    };
  });
  useEffect(() => {
    refresher.start();
    return () => refresher.stop();
  }, [refresher]);
  return refresher;
}
