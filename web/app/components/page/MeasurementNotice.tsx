import type { EnabledTag } from '../../../shared/third-party-tags';
import { InfoTable } from './InfoTable';

/**
 * Below the privacy policy's section on automatic collection (page text, edited in the Studio):
 * the ad platforms' tags switched on in siteSettings, listed from the same settings that load them.
 */
export function MeasurementNotice({ tags }: { tags: readonly EnabledTag[] }) {
  return tags.length === 0 ? (
    <p className="page-section">현재 설치된 외부 광고·분석 도구는 없으며, 홈페이지는 다른 회사의 서버로 요청을 보내지 않습니다.</p>
  ) : (
    <InfoTable
      caption="사용 중인 광고·분석 도구"
      table={{
        columns: ['도구', '운영 회사', '수집 목적', '보유 기간'],
        rows: tags.map(({ provider, name, company }) => ({
          _key: provider,
          cells: [name, company, '광고 효과 측정(전환 추적)', '각 회사의 정책에 따름(최대 2년)'],
        })),
      }}
    />
  );
}
