import { useSiteData } from '../lib/site-data';
import { complexStructuredData } from '../lib/seo';

/** The complex as schema.org JSON-LD in the head of every page. */
export function ComplexJsonLd() {
  const data = complexStructuredData(useSiteData());
  if (!data) return null;
  // `<` escaped so editor text can never close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
