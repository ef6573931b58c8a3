import { useRootData } from '../lib/site-data';
import { telHref } from '../lib/phone';

export function SiteFooter() {
  const settings = useRootData()?.settings;
  if (!settings) return null;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {settings.footerDisclaimer ? (
          <p className="site-footer__disclaimer">{settings.footerDisclaimer}</p>
        ) : null}
        <dl className="site-footer__facts">
          <div>
            <dt>분양문의</dt>
            <dd>{settings.phone ? <a href={telHref(settings.phone)}>{settings.phone}</a> : null}</dd>
          </div>
          <div>
            <dt>시공사</dt>
            <dd>{settings.builder}</dd>
          </div>
          <div>
            <dt>사업지</dt>
            <dd>{settings.address}</dd>
          </div>
        </dl>
        <p className="site-footer__copyright">
          © {settings.copyrightYear} {settings.brandName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
