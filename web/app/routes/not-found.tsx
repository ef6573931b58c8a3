import { notFound } from '../lib/not-found';

// Any path that no route claims: the site layout's ErrorBoundary renders "Not Found" with a real 404.
export function loader() {
  notFound();
}

export default function NotFound() {
  return null;
}
