// Any path that no route claims: the root ErrorBoundary renders "Not Found" with a real 404.
export function loader() {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
