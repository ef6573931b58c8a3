import { redirect } from 'react-router';

/** The premium page keeps the old site's spelling (/LocationEnvironment/primium); the correct spelling moves there for good. */
export function loader() {
  return redirect('/LocationEnvironment/primium', 301);
}
