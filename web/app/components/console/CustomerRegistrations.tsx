import type { CustomerRegistration } from '../../../shared/lead-dto';
import { LEAD_FORM_KIND_LABELS } from '../../../shared/lead-form-kinds';
import { seoulDateTime } from '../../../shared/seoul-time';

export const customerText = {
  badge: (count: number) => `등록 ${count}회`,
  badgeLabel: (count: number) => `같은 번호로 ${count}회 등록한 고객`,
  heading: (count: number) => `이 고객의 등록 ${count}회`,
  intro: '같은 전화번호로 들어온 등록은 한 고객입니다. 최근 등록 순이며, 상태·담당자·메모·통화·방문 예약은 고객 하나로 관리합니다.',
  noCampaign: '캠페인 없음',
};

/** The list's mark on a customer who registered more than once. */
export function RegistrationBadge({ count }: { count: number }) {
  if (count < 2) return null;
  return (
    <span className="registration-badge" title={customerText.badgeLabel(count)}>
      {customerText.badge(count)}
    </span>
  );
}

/** Every registration of the customer on their page: when, and through which form and campaign. */
export function CustomerRegistrations({ registrations }: { registrations: CustomerRegistration[] }) {
  if (registrations.length < 2) return null;
  return (
    <section className="lead-work__section customer-registrations" aria-labelledby="customer-registrations-heading">
      <h2 id="customer-registrations-heading" className="lead-work__heading">
        {customerText.heading(registrations.length)}
      </h2>
      <p>{customerText.intro}</p>
      <ol className="customer-registrations__list">
        {registrations.map((registration) => {
          const when = seoulDateTime(registration.createdAt);
          const where = `${LEAD_FORM_KIND_LABELS[registration.formKind]} · ${registration.utmCampaign ?? customerText.noCampaign}${registration.utmSource ? ` (${registration.utmSource})` : ''}`;
          return (
            <li key={registration.id} className="customer-registrations__item">
              <time dateTime={registration.createdAt}>{when}</time> {where}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
