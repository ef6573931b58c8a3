import { data } from 'react-router';

// Any path that no route claims: the root ErrorBoundary renders "Not Found" with a real 404.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
