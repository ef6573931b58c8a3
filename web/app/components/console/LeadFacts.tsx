import type { ReactNode } from 'react';
import type { LeadDetail } from '../../../shared/lead-dto';
import { LEAD_FORM_KIND_LABELS } from '../../../shared/lead-form-kinds';
import { UTM_KEYS, utmParameterName } from '../../../shared/utm';
import { seoulDateTime } from '../../../shared/seoul-time';
import { LEAD_WORK_FORM_ID } from './LeadWorkForm';
import { leadPageText as text } from './lead-text';
import './LeadFacts.css';

function Facts({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="lead-facts" aria-labelledby={id}>
      <h2 id={id} className="lead-facts__heading">
        {heading}
      </h2>
      <dl className="lead-facts__list">{children}</dl>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="lead-facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type LeadFactsProps = { lead: LeadDetail; revealedPhone: string | null };

/**
 * What the visitor sent and their visit: what a staff member needs before calling. The phone
 * stays masked until they ask for the whole number (a POST the service records).
 */
export function LeadFacts({ lead, revealedPhone }: LeadFactsProps) {
  return (
    <div className="lead-facts-group lead-facts-group--primary">
      <Facts id="lead-facts-heading" heading={text.factsHeading}>
        <Fact term={text.createdAt}>{seoulDateTime(lead.createdAt)}</Fact>
        <Fact term={text.name}>{lead.name}</Fact>
        <Fact term={text.phone}>
          <span className="lead-facts__phone">
            {revealedPhone ? <a href={`tel:${revealedPhone.replace(/\D/g, '')}`}>{revealedPhone}</a> : lead.maskedPhone}
            {revealedPhone ? null : (
              // Belongs to the page's one work form, so a reveal keeps a memo being written.
              <button
                type="submit"
                form={LEAD_WORK_FORM_ID}
                name="intent"
                value="reveal"
                className="button button--outline lead-facts__reveal"
                aria-describedby="lead-reveal-note"
              >
                {text.reveal}
              </button>
            )}
          </span>
          {revealedPhone ? null : (
            <span id="lead-reveal-note" className="lead-facts__note">
              {text.revealNote}
            </span>
          )}
        </Fact>
        <Fact term={text.message}>{lead.message ? <span className="lead-facts__message">{lead.message}</span> : text.none}</Fact>
        <Fact term={text.formKind}>{LEAD_FORM_KIND_LABELS[lead.formKind]}</Fact>
        <Fact term={text.sourcePage}>{lead.sourcePage ?? text.none}</Fact>
      </Facts>
      <Facts id="lead-visit-heading" heading={text.visitHeading}>
        {lead.visitAt ? (
          <>
            <Fact term={text.visitAt}>{lead.visitAt}</Fact>
            <Fact term={text.visitSlotStatus}>{lead.visitSlotStatus ? text.slotStatus[lead.visitSlotStatus] : text.none}</Fact>
            <Fact term={text.checkedInAt}>{lead.checkedInAt ? seoulDateTime(lead.checkedInAt) : text.none}</Fact>
          </>
        ) : (
          <Fact term={text.visitAt}>{text.noVisit}</Fact>
        )}
      </Facts>
    </div>
  );
}

/** What the visitor agreed to (and when, under which notice) and where they came from. */
export function LeadRecord({ lead }: { lead: LeadDetail }) {
  const utm = UTM_KEYS.filter((key) => lead.utm[key]);
  const yesNo = (value: boolean) => (value ? text.agreed : text.notAgreed);
  return (
    <div className="lead-facts-group lead-facts-group--record">
      <Facts id="lead-consent-heading" heading={text.consentHeading}>
        <Fact term={text.privacy}>{yesNo(lead.consent.privacy)}</Fact>
        <Fact term={text.marketing}>{yesNo(lead.consent.marketing)}</Fact>
        <Fact term={text.ageOver14}>{lead.consent.ageOver14 ? text.confirmed : text.notConfirmed}</Fact>
        <Fact term={text.noticeVersion}>{lead.consent.noticeVersion ?? text.none}</Fact>
        <Fact term={text.agreedAt}>{lead.consent.agreedAt ? seoulDateTime(lead.consent.agreedAt) : text.none}</Fact>
      </Facts>
      <Facts id="lead-source-heading" heading={text.sourceHeading}>
        {utm.length > 0 ? (
          utm.map((key) => (
            <Fact key={key} term={utmParameterName(key)}>
              {lead.utm[key]}
            </Fact>
          ))
        ) : (
          <Fact term="utm">{text.none}</Fact>
        )}
      </Facts>
    </div>
  );
}
