import type { Route } from './+types/customer';
import { InnerPage } from '../components/page/InnerPage';
import { LeadForm } from '../components/leads/LeadForm';
import { contentPageMeta, loadPage } from '../lib/content-page';
import { requireConfiguredSite } from '../lib/not-found';
import { leadMessages } from '../../shared/messages';
import { telHref } from '../lib/phone';
import { useSiteData } from '../lib/site-data';
import { CUSTOMER_PATH } from '../../shared/menu';
import './customer.css';

/**
 * 방문예약 등록: /Promotion/Customer and the site-slug spelling /{site}/customer (one page, the
 * canonical URL is /Promotion/Customer). Hero banner, the consultation phone and hours, and the
 * customer form, whose message is required here.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.site !== undefined) await requireConfiguredSite(context, params.site);
  return { page: await loadPage(context, CUSTOMER_PATH) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return contentPageMeta(matches, loaderData?.page, { path: CUSTOMER_PATH });
}

export default function Customer({ loaderData }: Route.ComponentProps) {
  const root = useSiteData();
  const settings = root?.settings;
  return (
    <InnerPage page={loaderData.page} menuPath={CUSTOMER_PATH}>
      <section className="customer" aria-labelledby="customer-form-title">
        <div className="customer__contact">
          <h2 id="customer-form-title" className="customer__title">
            {leadMessages.reservationSubmit}
          </h2>
          {settings?.phone ? (
            <p className="customer__phone">
              <a href={telHref(settings.phone)}>
                <span className="visually-hidden">전화상담 </span>
                {settings.phone}
              </a>
            </p>
          ) : null}
          {settings?.consultationHours ? <p className="customer__hours">{settings.consultationHours}</p> : null}
        </div>
        <LeadForm kind="customer" idPrefix="customer" data={root?.leadForm} submitLabel={leadMessages.reservationSubmit} />
      </section>
    </InnerPage>
  );
}
