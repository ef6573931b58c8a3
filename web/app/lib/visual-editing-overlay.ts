/**
 * The visual-editing overlay's bundle (loaded by components/PreviewOverlay.tsx in a Sanity
 * preview): Sanity's own `enableVisualEditing`, with the history adapter the Presentation tool
 * drives the page through, over React Router's router. When the editor changes a draft, the
 * overlay asks for a refresh: the router revalidates its loaders, which read the drafts again
 * (live updates without a second data channel).
 */
import { enableVisualEditing } from '@sanity/visual-editing';

type Router = {
  state: { location: { pathname: string; search: string } };
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void>;
  revalidate(): Promise<void>;
  subscribe(listener: (state: Router['state']) => void): () => void;
};

// The data router React Router's HydratedRouter keeps on window (it uses it itself for HMR).
const router = (window as Window & { __reactRouterDataRouter?: Router }).__reactRouterDataRouter;
const urlOf = ({ pathname, search }: Router['state']['location']) => pathname + search;

enableVisualEditing({
  history: {
    subscribe: (navigate) => {
      if (!router) return () => undefined;
      navigate({ type: 'replace', url: urlOf(router.state.location) });
      let last = urlOf(router.state.location);
      return router.subscribe((state) => {
        const url = urlOf(state.location);
        if (url !== last) navigate({ type: 'push', url });
        last = url;
      });
    },
    update: (update) => {
      if (update.type === 'pop') window.history.back();
      else if (router) void router.navigate(update.url, { replace: update.type === 'replace' });
      else window.location.assign(update.url);
    },
  },
  refresh: () => (router ? router.revalidate() : (window.location.reload(), false)),
});
